package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.UnlinkIdentityUseCase;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Removes a link through {@link CredentialChanges}, so the user's verified address is told in the transaction of the
 * removal; the domain decides whether the user keeps a way to sign in. The user's own removal asks for a recent
 * proof; an administrator's ends every session of the user, which may have come in through the link.
 */
public final class UnlinkIdentityService implements UnlinkIdentityUseCase {

    private final UserStore users;
    private final IdentityLinkStore links;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public UnlinkIdentityService(UserStore users, IdentityLinkStore links, CredentialChanges changes, StepUp stepUp,
                                 AuditLog audit, Clock clock) {
        this.users = Objects.requireNonNull(users);
        this.links = Objects.requireNonNull(links);
        this.changes = Objects.requireNonNull(changes);
        this.stepUp = Objects.requireNonNull(stepUp);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result unlinkIdentity(Command command) {
        Instant now = clock.instant();
        if (command.authenticatedAt().isPresent()
                && stepUp.refuses(command.userId(), command.authenticatedAt().get(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        Optional<UserAccount> user = users.findById(command.userId());
        List<IdentityLink> held = links.findByUser(command.userId());
        Optional<IdentityLink> link = held.stream().filter(each -> each.id().equals(command.linkId())).findFirst();
        if (user.isEmpty() || link.isEmpty()) {
            return new Result.NotFound();
        }
        if (!link.get().removableWith(user.get().passwordHash().isSet(), held.size())) {
            return new Result.LastWayToSignIn();
        }
        SecurityEvent unlinked = SecurityEvent.of(SecurityEventType.IDENTITY_UNLINKED, now, command.requester())
                .about(command.userId());
        if (!command.byAnAdministrator()) {
            if (!changes.make(Change.byTheUser(command.userId(), CredentialChange.IDENTITY_UNLINKED,
                    command.requester(), now), () -> links.remove(command.linkId(), command.userId()))) {
                return new Result.NotFound();
            }
            audit.record(unlinked);
            return new Result.Unlinked();
        }
        OptionalInt ended = changes.makeEndingSessions(Change.byAnAdministrator(command.userId(),
                        CredentialChange.IDENTITY_UNLINKED, command.requester(), now), Optional.empty(),
                RevocationReason.ADMINISTRATOR, () -> links.remove(command.linkId(), command.userId()));
        if (ended.isEmpty()) {
            return new Result.NotFound();
        }
        audit.record(unlinked.outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended.getAsInt()));
        return new Result.Unlinked();
    }
}

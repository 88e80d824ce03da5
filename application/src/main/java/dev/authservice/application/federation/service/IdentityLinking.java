package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Refusal;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Result;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Links an identity a provider vouched for to the user who started the link (the step-up was asked at the start),
 * through {@link CredentialChanges}: the user's verified address is told in the transaction of the link. An identity
 * linked to this user already is linked; one linked to another account stays theirs.
 */
public final class IdentityLinking {

    private final IdentityLinkStore links;
    private final UserStore users;
    private final CredentialChanges changes;
    private final RandomSource random;
    private final AuditLog audit;

    public IdentityLinking(IdentityLinkStore links, UserStore users, CredentialChanges changes, RandomSource random,
                           AuditLog audit) {
        this.links = Objects.requireNonNull(links);
        this.users = Objects.requireNonNull(users);
        this.changes = Objects.requireNonNull(changes);
        this.random = Objects.requireNonNull(random);
        this.audit = Objects.requireNonNull(audit);
    }

    Result link(UserId userId, ProviderName provider, ExternalIdentity identity, Requester anonymous, Instant now) {
        Requester requester = Requester.user(userId, anonymous.clientAddress(), anonymous.userAgent());
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.IDENTITY_LINK_FAILED, now, requester).about(userId);
        if (users.findById(userId).filter(UserAccount::enabled).isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.ACCOUNT_DISABLED));
            return new Result.Refused(Refusal.ACCOUNT_UNAVAILABLE);
        }
        Optional<IdentityLink> existing = links.findByIdentity(identity);
        if (existing.isPresent()) {
            if (existing.get().userId().equals(userId)) {
                return new Result.Linked();
            }
            audit.record(failed.outcome(AuditOutcome.LINKED_ELSEWHERE));
            return new Result.Refused(Refusal.LINKED_ELSEWHERE);
        }
        IdentityLink link = new IdentityLink(new IdentityLinkId(random.uuid()), userId, provider, identity, now);
        // Lost only to the same identity linked at the same moment, to this account or another.
        if (!changes.make(Change.byTheUser(userId, CredentialChange.IDENTITY_LINKED, requester, now),
                () -> links.add(link))) {
            audit.record(failed.outcome(AuditOutcome.LINKED_ELSEWHERE));
            return new Result.Refused(Refusal.LINKED_ELSEWHERE);
        }
        audit.record(SecurityEvent.of(SecurityEventType.IDENTITY_LINKED, now, requester).about(userId));
        return new Result.Linked();
    }
}

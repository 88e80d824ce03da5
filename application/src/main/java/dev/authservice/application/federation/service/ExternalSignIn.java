package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Refusal;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Result;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.login.service.PendingLoginTickets;
import dev.authservice.application.login.service.SessionStart;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An identity a provider vouched for signs into the local account linked to it, and only that one: no address,
 * verified or not, links an account by itself, and no account is made. An account with a confirmed second factor
 * continues as a password login with one does: a pending login, opened after the provider, which the code or a
 * passkey completes ({@code CompleteLogInUseCase}).
 */
public final class ExternalSignIn {

    private final IdentityLinkStore links;
    private final UserStore users;
    private final SecondFactorCheck secondFactors;
    private final PendingLoginTickets tickets;
    private final SessionStart sessionStart;
    private final AuditLog audit;

    public ExternalSignIn(IdentityLinkStore links, UserStore users, SecondFactorCheck secondFactors,
                          PendingLoginTickets tickets, SessionStart sessionStart, AuditLog audit) {
        this.links = Objects.requireNonNull(links);
        this.users = Objects.requireNonNull(users);
        this.secondFactors = Objects.requireNonNull(secondFactors);
        this.tickets = Objects.requireNonNull(tickets);
        this.sessionStart = Objects.requireNonNull(sessionStart);
        this.audit = Objects.requireNonNull(audit);
    }

    Result signIn(ExternalIdentity identity, Requester requester, Instant now) {
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, now, requester);
        Optional<IdentityLink> link = links.findByIdentity(identity);
        if (link.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.NOT_LINKED));
            return new Result.Refused(Refusal.NOT_LINKED);
        }
        Optional<UserAccount> user = users.findById(link.get().userId()).filter(UserAccount::enabled);
        SecurityEvent failedFor = failed.about(link.get().userId());
        if (user.isEmpty()) {
            audit.record(failedFor.outcome(AuditOutcome.ACCOUNT_DISABLED));
            return new Result.Refused(Refusal.ACCOUNT_UNAVAILABLE);
        }
        audit.record(SecurityEvent.of(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, now, requester)
                .about(user.get().id()));
        Optional<TotpFactor.Confirmed> totp = secondFactors.confirmedTotpOf(user.get().id());
        if (totp.isPresent()) {
            PendingLoginTickets.Opened opened = tickets.open(user.get(), user.get().passwordHash(),
                    !totp.get().wrongCodes().exhausted(), FirstFactor.EXTERNAL_PROVIDER, now);
            audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REQUIRED, now, requester)
                    .about(user.get().id()));
            return new Result.SecondFactorRequired(opened.ticket(), opened.methods(), opened.lifetime());
        }
        // Against the hash read just now: a password change or a disable racing this sign-in ends the session.
        return sessionStart.start(user.get(), user.get().passwordHash(), AuthenticationMethods.EXTERNAL_PROVIDER,
                        requester, now)
                .<Result>map(Result.SignedIn::new)
                .orElseGet(() -> new Result.Refused(Refusal.ACCOUNT_UNAVAILABLE));
    }
}

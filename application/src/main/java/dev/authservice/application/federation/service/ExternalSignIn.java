package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Refusal;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Result;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.federation.port.out.IdentityProviders;
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
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An identity a provider vouched for signs into the local account linked to it, and only that one: no address,
 * verified or not, links an account by itself. An identity linked to none makes a new account only through a
 * provider that signs new users up ({@link ExternalSignUp}). An account with a confirmed second factor continues as
 * a password login with one does: a pending login, opened after the provider, which the code or a passkey completes
 * ({@code CompleteLogInUseCase}); unless the provider's claims say it checked a second factor itself, in values its
 * configuration trusts ({@link dev.authservice.domain.federation.SecondFactorTrust}).
 */
public final class ExternalSignIn {

    private final IdentityLinkStore links;
    private final UserStore users;
    private final SecondFactorCheck secondFactors;
    private final PendingLoginTickets tickets;
    private final SessionStart sessionStart;
    private final ExternalSignUp signUp;
    private final AuditLog audit;

    public ExternalSignIn(IdentityLinkStore links, UserStore users, SecondFactorCheck secondFactors,
                          PendingLoginTickets tickets, SessionStart sessionStart, ExternalSignUp signUp,
                          AuditLog audit) {
        this.links = Objects.requireNonNull(links);
        this.users = Objects.requireNonNull(users);
        this.secondFactors = Objects.requireNonNull(secondFactors);
        this.tickets = Objects.requireNonNull(tickets);
        this.sessionStart = Objects.requireNonNull(sessionStart);
        this.signUp = Objects.requireNonNull(signUp);
        this.audit = Objects.requireNonNull(audit);
    }

    Result signIn(IdentityProvider provider, IdentityProviders.Exchange.Verified vouched, Requester requester,
                  Instant now) {
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, now, requester);
        ExternalIdentity identity = vouched.identity();
        Optional<UserId> linked = links.findByIdentity(identity).map(IdentityLink::userId);
        if (linked.isEmpty() && provider.signUp()) {
            // Empty when a sign-in at the same moment linked the identity first: then its account is the one.
            linked = signUp.signUp(provider, identity, vouched.claims(), requester, now).map(UserAccount::id)
                    .or(() -> links.findByIdentity(identity).map(IdentityLink::userId));
        }
        if (linked.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.NOT_LINKED));
            return new Result.Refused(Refusal.NOT_LINKED);
        }
        Optional<UserAccount> user = users.findById(linked.get()).filter(UserAccount::enabled);
        SecurityEvent failedFor = failed.about(linked.get());
        if (user.isEmpty()) {
            audit.record(failedFor.outcome(AuditOutcome.ACCOUNT_DISABLED));
            return new Result.Refused(Refusal.ACCOUNT_UNAVAILABLE);
        }
        SecurityEvent succeeded = SecurityEvent.of(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, now, requester)
                .about(user.get().id());
        if (provider.trust().vouchesForASecondFactor(vouched.claims())) {
            audit.record(succeeded.outcome(AuditOutcome.PROVIDER_SECOND_FACTOR));
            return started(user.get(), AuthenticationMethods.EXTERNAL_PROVIDER_AND_ANOTHER_FACTOR, requester, now);
        }
        audit.record(succeeded);
        Optional<TotpFactor.Confirmed> totp = secondFactors.confirmedTotpOf(user.get().id());
        if (totp.isPresent()) {
            PendingLoginTickets.Opened opened = tickets.open(user.get(), user.get().passwordHash(),
                    !totp.get().wrongCodes().exhausted(), FirstFactor.EXTERNAL_PROVIDER, now);
            audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REQUIRED, now, requester)
                    .about(user.get().id()));
            return new Result.SecondFactorRequired(opened.ticket(), opened.methods(), opened.lifetime());
        }
        return started(user.get(), AuthenticationMethods.EXTERNAL_PROVIDER, requester, now);
    }

    private Result started(UserAccount user, AuthenticationMethods methods, Requester requester, Instant now) {
        // Against the hash read just now: a password change or a disable racing this sign-in ends the session.
        return sessionStart.start(user, user.passwordHash(), methods, requester, now)
                .<Result>map(Result.SignedIn::new)
                .orElseGet(() -> new Result.Refused(Refusal.ACCOUNT_UNAVAILABLE));
    }
}

package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase;
import dev.authservice.application.federation.port.out.IdentityProviderUnavailableException;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.BrowserBinding;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.federation.Purpose;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The callback: the domain decides on the state first; the pending authorization is used up before its code goes to
 * the provider, so a replayed state or code never reaches it twice; then the provider's adapter checks the answer,
 * and the identity it vouches for signs in ({@link ExternalSignIn}) or is linked ({@link IdentityLinking}).
 */
public final class CompleteAuthorizationService implements CompleteAuthorizationUseCase {

    private final IdentityProviders providers;
    private final PendingAuthorizationStore pending;
    private final ExternalSignIn signIn;
    private final IdentityLinking linking;
    private final AuditLog audit;
    private final Clock clock;

    public CompleteAuthorizationService(IdentityProviders providers, PendingAuthorizationStore pending,
                                        ExternalSignIn signIn, IdentityLinking linking, AuditLog audit, Clock clock) {
        this.providers = Objects.requireNonNull(providers);
        this.pending = Objects.requireNonNull(pending);
        this.signIn = Objects.requireNonNull(signIn);
        this.linking = Objects.requireNonNull(linking);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result completeAuthorization(Command command) {
        Instant now = clock.instant();
        Optional<PendingAuthorization> onRecord = AuthorizationStateHash.ofPresented(command.state())
                .flatMap(pending::find);
        Optional<BrowserBinding> browser = command.browserBinding().flatMap(BrowserBinding::ofPresented);
        return PendingAuthorization.present(onRecord, command.provider(), browser, now).match(
                usable -> complete(usable.open(), command, now),
                refused -> refused(failure(onRecord.map(PendingAuthorization::purpose), command.requester(), now)
                        .outcome(switch (refused.why()) {
                            case UNKNOWN -> AuditOutcome.STATE_UNKNOWN;
                            case USED -> AuditOutcome.STATE_USED;
                            case EXPIRED -> AuditOutcome.STATE_EXPIRED;
                            case OTHER_PROVIDER -> AuditOutcome.OTHER_PROVIDER;
                            case OTHER_BROWSER -> AuditOutcome.OTHER_BROWSER;
                        }), Refusal.INVALID_STATE));
    }

    private Result complete(PendingAuthorization.Open open, Command command, Instant now) {
        SecurityEvent failed = failure(Optional.of(open.purpose()), command.requester(), now);
        if (!pending.use(open, open.use(now))) {
            return refused(failed.outcome(AuditOutcome.STATE_USED), Refusal.INVALID_STATE);
        }
        IdentityProviders.AuthorizationResponse response = new IdentityProviders.AuthorizationResponse(
                command.code(), command.issuer(), command.error());
        IdentityProviders.Exchange exchange;
        try {
            exchange = providers.exchange(open.provider(), response,
                    new IdentityProviders.AuthorizationRequest(command.state(), open.nonce(), open.codeVerifier()));
        } catch (IdentityProviderUnavailableException e) {
            audit.record(failed.outcome(AuditOutcome.PROVIDER_UNAVAILABLE));
            return new Result.ProviderUnavailable();
        }
        return exchange.match(
                verified -> vouched(open, verified, command.requester(), now),
                refused -> refused(failed.outcome(AuditOutcome.PROVIDER_REFUSED), Refusal.PROVIDER_REFUSED));
    }

    private Result vouched(PendingAuthorization.Open open, IdentityProviders.Exchange.Verified verified,
                           Requester requester, Instant now) {
        return open.purpose().linkingUser()
                .map(userId -> linking.link(userId, open.provider(), verified.identity(), requester, now))
                // The exchange just spoke to the provider, so it is configured.
                .orElseGet(() -> signIn.signIn(providers.find(open.provider()).orElseThrow(), verified, requester,
                        now));
    }

    private Result refused(SecurityEvent failed, Refusal why) {
        audit.record(failed);
        return new Result.Refused(why);
    }

    /** A failed sign-in, or a failed link about its user. */
    private static SecurityEvent failure(Optional<Purpose> purpose, Requester requester, Instant now) {
        Optional<Purpose.Link> link = purpose.filter(Purpose.Link.class::isInstance).map(Purpose.Link.class::cast);
        return link.map(found -> SecurityEvent.of(SecurityEventType.IDENTITY_LINK_FAILED, now, requester)
                        .about(found.userId()))
                .orElseGet(() -> SecurityEvent.of(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, now, requester));
    }
}

package dev.authservice.application.passkey.service;

import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.passkey.AssertionPurpose;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The two steps of a passkey's assertion that a login alone and a second factor share. First the challenge is taken
 * out of its store, so that an assertion is tried once whatever follows, and the passkey it names is found; between
 * the steps the caller knows the user, and counts the attempt. Then the signature, the passkey's rules, and the new
 * counter kept.
 */
public final class PasskeyAssertionCheck {

    private final PasskeyStore passkeys;
    private final PasskeyChallengeStore challenges;
    private final PasskeyVerifier verifier;
    private final RelyingParty relyingParty;

    public PasskeyAssertionCheck(PasskeyStore passkeys, PasskeyChallengeStore challenges, PasskeyVerifier verifier,
                          RelyingParty relyingParty) {
        this.passkeys = passkeys;
        this.challenges = challenges;
        this.verifier = verifier;
        this.relyingParty = relyingParty;
    }

    /** The passkey {@code assertion} names, if its challenge was issued for the login with {@code ticket}. */
    public Identified identify(String assertion, Optional<LoginTicketHash> ticket, Instant now) {
        Optional<PasskeyVerifier.Claimed> claimed = verifier.claimedBy(assertion);
        if (claimed.isEmpty()) {
            return new Identified.NotAnAssertion();
        }
        Optional<PasskeyLoginChallenge> challenge = challenges.takeForLogin(claimed.get().challenge());
        if (challenge.isEmpty() || !challenge.get().isFor(ticket)) {
            return new Identified.Refused(AuditOutcome.UNKNOWN_CHALLENGE);
        }
        if (challenge.get().isExpiredAt(now)) {
            return new Identified.Refused(AuditOutcome.CHALLENGE_EXPIRED);
        }
        return passkeys.find(claimed.get().credentialId())
                .<Identified>map(passkey -> new Identified.Found(passkey, challenge.get()))
                .orElseGet(() -> new Identified.Refused(AuditOutcome.UNKNOWN_PASSKEY));
    }

    /** Empty when the assertion verifies, the passkey's rules accept it and its use is kept; else why not. */
    public Optional<AuditOutcome> verify(String assertion, Identified.Found found, AssertionPurpose purpose, Instant now) {
        return verifier.verifyAssertion(assertion, relyingParty, found.challenge().value(), found.passkey()).match(
                verified -> keep(found.passkey(), verified.assertion(), purpose, now),
                wrongOrigin -> Optional.of(AuditOutcome.WRONG_ORIGIN),
                refused -> Optional.of(AuditOutcome.VERIFICATION_FAILED));
    }

    /**
     * Decided again on the passkey as stored when another login counted meanwhile: its count may have overtaken this
     * one, which makes this one a clone's. Each retry follows someone else's use, so there are few.
     */
    private Optional<AuditOutcome> keep(Passkey read, VerifiedAssertion assertion, AssertionPurpose purpose,
                                        Instant now) {
        return read.use(assertion, purpose, now).match(
                accepted -> passkeys.recordUse(read, accepted.next()) ? Optional.empty()
                        : passkeys.find(read.id()).map(current -> keep(current, assertion, purpose, now))
                                .orElse(Optional.of(AuditOutcome.UNKNOWN_PASSKEY)),
                refused -> Optional.of(outcome(refused.why())));
    }

    private static AuditOutcome outcome(Passkey.UseRefusal why) {
        return switch (why) {
            case USER_HANDLE_MISMATCH -> AuditOutcome.USER_HANDLE_MISMATCH;
            case USER_NOT_VERIFIED -> AuditOutcome.USER_NOT_VERIFIED;
            case BACKUP_ELIGIBILITY_CHANGED -> AuditOutcome.BACKUP_ELIGIBILITY_CHANGED;
            case POSSIBLE_CLONE -> AuditOutcome.POSSIBLE_CLONE;
        };
    }

    /** What the first step found. */
    public sealed interface Identified {

        <T> T match(Function<Found, T> found, Function<NotAnAssertion, T> notAnAssertion,
                    Function<Refused, T> refused);

        record Found(Passkey passkey, PasskeyLoginChallenge challenge) implements Identified {
            @Override
            public <T> T match(Function<Found, T> found, Function<NotAnAssertion, T> notAnAssertion,
                               Function<Refused, T> refused) {
                return found.apply(this);
            }
        }

        /** Nothing in it names a passkey and a challenge: no challenge was used up. */
        record NotAnAssertion() implements Identified {
            @Override
            public <T> T match(Function<Found, T> found, Function<NotAnAssertion, T> notAnAssertion,
                               Function<Refused, T> refused) {
                return notAnAssertion.apply(this);
            }
        }

        /** @param why {@code UNKNOWN_CHALLENGE}, {@code CHALLENGE_EXPIRED} or {@code UNKNOWN_PASSKEY} */
        record Refused(AuditOutcome why) implements Identified {
            @Override
            public <T> T match(Function<Found, T> found, Function<NotAnAssertion, T> notAnAssertion,
                               Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }
}

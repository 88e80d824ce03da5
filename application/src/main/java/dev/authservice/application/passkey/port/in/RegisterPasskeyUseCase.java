package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The signed-in user finishes registering a passkey with the authenticator's response. The challenge it answers is
 * used up whatever the outcome, so a response can never be tried twice.
 */
public interface RegisterPasskeyUseCase {

    Result registerPasskey(Command command);

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     * @param response        the JSON of {@code PublicKeyCredential.toJSON()} for a registration (WebAuthn Level 3)
     * @param name            what the user calls the passkey; empty: a default naming the day
     */
    record Command(UserId userId, Instant authenticatedAt, String response, Optional<PasskeyName> name,
                   Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(response, "response");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                    Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                    Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                    Function<LimitReached, T> limitReached,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Registered(Passkey passkey) implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return registered.apply(this);
            }
        }

        /** Not a registration response at all: no challenge to be found in it, so none was used up. */
        record Malformed() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return malformed.apply(this);
            }
        }

        /** The challenge is unknown, the caller's no longer (used, replaced), another user's, or expired. */
        record ChallengeRefused() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return challengeRefused.apply(this);
            }
        }

        /** Made on a page of an origin this service does not serve. */
        record WrongOrigin() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return wrongOrigin.apply(this);
            }
        }

        /** The response does not verify: signature, relying party, user verification, flags or algorithm. */
        record VerificationFailed() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return verificationFailed.apply(this);
            }
        }

        /** This credential is registered already, to the caller or to anyone. */
        record AlreadyRegistered() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return taken.apply(this);
            }
        }

        /** The caller holds as many passkeys as allowed ({@link Passkey#MAX_PER_USER}). */
        record LimitReached() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return limitReached.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Registered, T> registered, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<WrongOrigin, T> wrongOrigin,
                               Function<VerificationFailed, T> verificationFailed, Function<AlreadyRegistered, T> taken,
                               Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}

package dev.authservice.application.passkey.port.out;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/** Checks what an authenticator signed, as WebAuthn Level 3 says; knows nothing of users or stores. */
public interface PasskeyVerifier {

    /**
     * The challenge a registration response (the JSON of {@code PublicKeyCredential.toJSON()}) claims to answer;
     * empty when the response is not one, as when its {@code id} is not its {@code rawId} or its transports are more,
     * or longer, than a client sends. Says nothing of whether it verifies.
     */
    Optional<ByteString> challengeOf(String registrationResponseJson);

    /**
     * Verifies a registration response against the challenge issued for it: client data type, challenge and origin,
     * the relying-party id's hash, user presence and verification, backup flags, the algorithm, and a "none" or
     * self attestation.
     */
    Registration verifyRegistration(String registrationResponseJson, RelyingParty relyingParty, ByteString challenge);

    /**
     * The passkey and the challenge an assertion (the JSON of {@code PublicKeyCredential.toJSON()} for
     * {@code navigator.credentials.get()}) claims; empty when it is not one, as when its {@code id} is not its
     * {@code rawId}. Says nothing of whether it verifies.
     */
    Optional<Claimed> claimedBy(String assertionJson);

    /**
     * Verifies an assertion of {@code passkey} against the challenge issued for it: client data type, challenge and
     * origin, the relying-party id's hash, user presence, well-formed backup flags, and the signature by the passkey's
     * key. What the flags and the counter mean is left to {@link Passkey#use}, which the verified assertion is for.
     */
    Assertion verifyAssertion(String assertionJson, RelyingParty relyingParty, ByteString challenge, Passkey passkey);

    record Claimed(CredentialId credentialId, ByteString challenge) {
        public Claimed {
            Objects.requireNonNull(credentialId, "credentialId");
            Objects.requireNonNull(challenge, "challenge");
        }
    }

    /** One function per outcome in {@link #match}. */
    sealed interface Assertion {

        <T> T match(Function<Verified, T> verified, Function<WrongOrigin, T> wrongOrigin,
                    Function<Refused, T> refused);

        record Verified(VerifiedAssertion assertion) implements Assertion {
            public Verified {
                Objects.requireNonNull(assertion, "assertion");
            }

            @Override
            public <T> T match(Function<Verified, T> verified, Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return verified.apply(this);
            }
        }

        /** Signed for a page of an origin not configured. */
        record WrongOrigin() implements Assertion {
            @Override
            public <T> T match(Function<Verified, T> verified, Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return wrongOrigin.apply(this);
            }
        }

        /** Any other check failed, the signature first among them; which one is the adapter's to log. */
        record Refused() implements Assertion {
            @Override
            public <T> T match(Function<Verified, T> verified, Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    /** One function per outcome in {@link #match}. */
    sealed interface Registration {

        <T> T match(Function<Verified, T> verified,
                    Function<WrongOrigin, T> wrongOrigin,
                    Function<Refused, T> refused);

        /** What a passkey keeps of a verified registration. */
        record Verified(CredentialId credentialId, ByteString publicKey, long signCount, boolean backupEligible,
                        boolean backedUp, List<String> transports, UUID aaguid) implements Registration {
            public Verified {
                Objects.requireNonNull(credentialId, "credentialId");
                Objects.requireNonNull(publicKey, "publicKey");
                transports = List.copyOf(transports);
                Objects.requireNonNull(aaguid, "aaguid");
            }

            @Override
            public <T> T match(Function<Verified, T> verified,
                               Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return verified.apply(this);
            }
        }

        /** Signed for a page of an origin not configured: another site, or a misconfigured deployment. */
        record WrongOrigin() implements Registration {
            @Override
            public <T> T match(Function<Verified, T> verified,
                               Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return wrongOrigin.apply(this);
            }
        }

        /** Any other check failed; which one is the adapter's to log, never the client's to learn. */
        record Refused() implements Registration {
            @Override
            public <T> T match(Function<Verified, T> verified,
                               Function<WrongOrigin, T> wrongOrigin,
                               Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }
}

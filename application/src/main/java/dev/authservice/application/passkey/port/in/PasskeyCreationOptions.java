package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.RelyingParty;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a client hands its authenticator to make a passkey ({@code PublicKeyCredentialCreationOptions}): the
 * challenge, this relying party, the user as the authenticator will show and keep them, and the passkeys the user
 * has already, which the authenticator must not make again. Always a discoverable credential with user
 * verification and no attestation, for a key of one of {@link Passkey#ALGORITHMS}.
 *
 * @param userHandle the user's id for the authenticator: random, never the username or the account's id
 */
public record PasskeyCreationOptions(ByteString challenge, RelyingParty relyingParty, ByteString userHandle,
                                     String userName, String userDisplayName, Duration timeout,
                                     List<ExistingPasskey> excludeCredentials) {

    /** A passkey the user holds, with the transports its client reported, as hints. */
    public record ExistingPasskey(CredentialId id, List<String> transports) {
        public ExistingPasskey {
            Objects.requireNonNull(id, "id");
            transports = List.copyOf(transports);
        }
    }

    public PasskeyCreationOptions {
        Objects.requireNonNull(challenge, "challenge");
        Objects.requireNonNull(relyingParty, "relyingParty");
        Objects.requireNonNull(userHandle, "userHandle");
        Objects.requireNonNull(userName, "userName");
        Objects.requireNonNull(userDisplayName, "userDisplayName");
        Objects.requireNonNull(timeout, "timeout");
        excludeCredentials = List.copyOf(excludeCredentials);
    }
}

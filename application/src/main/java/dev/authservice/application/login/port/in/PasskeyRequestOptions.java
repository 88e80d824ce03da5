package dev.authservice.application.login.port.in;

import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.domain.passkey.ByteString;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a client hands its authenticator to sign a login ({@code PublicKeyCredentialRequestOptions}): the challenge,
 * this relying party's id, and which passkeys may answer. For a passkey alone, any of the relying party's passkeys the
 * authenticator holds (none listed), its user verified; for a second factor, one of the user's, a touch enough.
 */
public record PasskeyRequestOptions(ByteString challenge, String rpId, Duration timeout,
                                    List<PasskeyCreationOptions.ExistingPasskey> allowCredentials,
                                    boolean userVerificationRequired) {

    public PasskeyRequestOptions {
        Objects.requireNonNull(challenge, "challenge");
        Objects.requireNonNull(rpId, "rpId");
        Objects.requireNonNull(timeout, "timeout");
        allowCredentials = List.copyOf(allowCredentials);
    }
}

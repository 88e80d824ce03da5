package dev.authservice.domain.passkey;

import dev.authservice.domain.InvalidValueException;
import java.util.Objects;

/**
 * The id an authenticator gave a passkey: 16 to 1023 bytes (WebAuthn Level 3, "credential ID"), unique across every
 * user, since a login finds the passkey by it. The API names a passkey by its base64url form.
 */
public record CredentialId(ByteString value) {

    public static final int MIN_BYTES = 16;
    public static final int MAX_BYTES = 1023;

    public CredentialId {
        Objects.requireNonNull(value, "value");
        if (value.length() < MIN_BYTES || value.length() > MAX_BYTES) {
            throw new InvalidValueException("credentialId",
                    "credentialId must be " + MIN_BYTES + " to " + MAX_BYTES + " bytes");
        }
    }

    public static CredentialId of(String base64Url) {
        return new CredentialId(ByteString.base64Url("credentialId", base64Url));
    }

    @Override
    public String toString() {
        return value.base64Url();
    }
}

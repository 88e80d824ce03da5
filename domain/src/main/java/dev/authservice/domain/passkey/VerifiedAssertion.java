package dev.authservice.domain.passkey;

import java.util.Objects;
import java.util.Optional;

/**
 * What an authenticator signed in an assertion whose signature, challenge, origin, relying-party id and user presence
 * verified: the parts a passkey's rules decide on ({@link Passkey#use}).
 *
 * @param signCount      the authenticator's signature counter now; 0 when it keeps none
 * @param userVerified   the UV flag: the authenticator checked a PIN or a biometric, not only a touch
 * @param backupEligible the BE flag
 * @param backedUp       the BS flag
 * @param userHandle     the user handle the authenticator returned; a discoverable credential always returns one
 */
public record VerifiedAssertion(long signCount, boolean userVerified, boolean backupEligible, boolean backedUp,
                                Optional<ByteString> userHandle) {

    public VerifiedAssertion {
        if (signCount < 0 || signCount > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("signCount is an unsigned 32-bit number");
        }
        if (backedUp && !backupEligible) {
            throw new IllegalArgumentException("an authenticator that backs a credential up says it may (BS needs BE)");
        }
        Objects.requireNonNull(userHandle, "userHandle");
    }
}

package dev.authservice.domain.passkey;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A passkey of a user: a WebAuthn credential with what a later login needs to check an assertion against it. The
 * public key is kept as the authenticator sent it (a COSE key), the signature counter and the backup flags as they
 * were last seen.
 *
 * @param userHandle     the user's id as the authenticator keeps it; an assertion names it, never the username
 * @param signCount      the authenticator's signature counter; 0 when the authenticator keeps none
 * @param backupEligible whether the passkey may be synced to other devices (BE); fixed for its life
 * @param backedUp       whether it is synced now (BS)
 * @param transports     how the client reached the authenticator ({@code internal}, {@code hybrid}, {@code usb}...),
 *                       handed back to clients as hints
 * @param aaguid         the model of authenticator; all zeros when the attestation does not say
 */
public record Passkey(CredentialId id, UserId ownerId, ByteString userHandle, PasskeyName name, ByteString publicKey,
                      long signCount, boolean backupEligible, boolean backedUp, List<String> transports, UUID aaguid,
                      Instant createdAt, Optional<Instant> lastUsedAt) {

    /** Passkeys one user may hold: enough for every device and a spare, few enough that a list stays readable. */
    public static final int MAX_PER_USER = 10;

    /** The COSE algorithms a passkey's key may use, in order of preference: ES256, EdDSA, RS256. */
    public static final List<Integer> ALGORITHMS = List.of(-7, -8, -257);

    public Passkey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ownerId, "ownerId");
        Objects.requireNonNull(userHandle, "userHandle");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(publicKey, "publicKey");
        if (signCount < 0 || signCount > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("signCount is an unsigned 32-bit number");
        }
        if (backedUp && !backupEligible) {
            throw new IllegalArgumentException("a passkey that is not backup eligible cannot be backed up");
        }
        transports = List.copyOf(transports);
        Objects.requireNonNull(aaguid, "aaguid");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastUsedAt, "lastUsedAt");
    }

    /** A passkey registered now, never used yet; its time is kept to the millisecond, as every store keeps it. */
    public static Passkey register(CredentialId id, UserId ownerId, ByteString userHandle, PasskeyName name,
                                   ByteString publicKey, long signCount, boolean backupEligible, boolean backedUp,
                                   List<String> transports, UUID aaguid, Instant now) {
        return new Passkey(id, ownerId, userHandle, name, publicKey, signCount, backupEligible, backedUp, transports,
                aaguid, now.truncatedTo(ChronoUnit.MILLIS), Optional.empty());
    }

    /** Whether a user who holds {@code held} passkeys may register one more. */
    public static boolean mayAddTo(int held) {
        return held < MAX_PER_USER;
    }
}

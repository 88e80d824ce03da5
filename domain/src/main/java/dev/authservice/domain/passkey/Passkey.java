package dev.authservice.domain.passkey;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

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
 *                       handed back to clients as hints: of {@link #TRANSPORTS} only, once each, in its order. A
 *                       client ignores a transport it does not know (WebAuthn Level 3, section 2.1.1), so one is not
 *                       kept, and a passkey's list stays as short as WebAuthn's
 * @param aaguid         the model of authenticator; all zeros when the attestation does not say
 */
public record Passkey(CredentialId id, UserId ownerId, ByteString userHandle, PasskeyName name, ByteString publicKey,
                      long signCount, boolean backupEligible, boolean backedUp, List<String> transports, UUID aaguid,
                      Instant createdAt, Optional<Instant> lastUsedAt) {

    /** Passkeys one user may hold: enough for every device and a spare, few enough that a list stays readable. */
    public static final int MAX_PER_USER = 10;

    /** The COSE algorithms a passkey's key may use, in order of preference: ES256, EdDSA, RS256. */
    public static final List<Integer> ALGORITHMS = List.of(-7, -8, -257);

    /** WebAuthn Level 3's {@code AuthenticatorTransport}, in lexicographical order, as a client reports them. */
    public static final List<String> TRANSPORTS = List.of("ble", "hybrid", "internal", "nfc", "smart-card", "usb");

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
        transports = TRANSPORTS.stream().filter(transports::contains).toList();
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

    /**
     * What an assertion of this passkey, its signature verified, means for {@code purpose} (WebAuthn Level 3,
     * section 7.2, the steps after the signature): the user handle, when there is one, must be the passkey's; user
     * verification where the purpose needs it; the BE flag as at registration, since it is fixed for a credential's
     * life; and a signature counter above the stored one unless both are 0, for an authenticator that counts never
     * signs twice with one count: a count not above means two authenticators hold the key, one of them a clone. Used,
     * the passkey keeps the new count, the BS flag as it is now, and the time.
     */
    public Use use(VerifiedAssertion assertion, AssertionPurpose purpose, Instant now) {
        boolean handleRequired = purpose.requiresUserHandle();
        if (assertion.userHandle().map(handle -> !handle.equals(userHandle)).orElse(handleRequired)) {
            return new Use.Refused(UseRefusal.USER_HANDLE_MISMATCH);
        }
        if (purpose.requiresUserVerification() && !assertion.userVerified()) {
            return new Use.Refused(UseRefusal.USER_NOT_VERIFIED);
        }
        if (assertion.backupEligible() != backupEligible) {
            return new Use.Refused(UseRefusal.BACKUP_ELIGIBILITY_CHANGED);
        }
        if ((assertion.signCount() != 0 || signCount != 0) && assertion.signCount() <= signCount) {
            return new Use.Refused(UseRefusal.POSSIBLE_CLONE);
        }
        return new Use.Accepted(new Passkey(id, ownerId, userHandle, name, publicKey, assertion.signCount(),
                backupEligible, assertion.backedUp(), transports, aaguid, createdAt,
                Optional.of(now.truncatedTo(ChronoUnit.MILLIS))));
    }

    /**
     * Whether its key is synced (backup eligible), and so a key in software across the user's devices, rather than
     * bound to one device's hardware; RFC 8176's {@code swk} and {@code hwk}.
     */
    public boolean isSynced() {
        return backupEligible;
    }

    /** What an assertion means. {@link #match} takes one function per kind, so a new kind does not compile unhandled. */
    public sealed interface Use {

        <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused);

        /** @param next the passkey as it is after this use, for the store to keep */
        record Accepted(Passkey next) implements Use {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
                return accepted.apply(this);
            }
        }

        record Refused(UseRefusal why) implements Use {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    /** Why an assertion whose signature verified is refused all the same. */
    public enum UseRefusal {
        /** The authenticator names another user than the passkey's. */
        USER_HANDLE_MISMATCH,
        /** Only a touch, where the user had to be verified. */
        USER_NOT_VERIFIED,
        /** A passkey registered as device-bound now says it may be synced, or the other way round. */
        BACKUP_ELIGIBILITY_CHANGED,
        /** The signature counter did not go up: the key may have been copied. */
        POSSIBLE_CLONE
    }
}

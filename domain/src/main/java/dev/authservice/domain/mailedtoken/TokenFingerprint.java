package dev.authservice.domain.mailedtoken;

import dev.authservice.domain.Sha256;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.PasswordHash;

/**
 * The SHA-256 of what a {@link MailedToken} was issued under. A token is good only while the account still has it,
 * so a change by any path voids every token issued before, without the paths that change it knowing of tokens: for a
 * reset, the stored password hash (its user, a reset, an upgrade of the hash at login change it); for a verification,
 * the address's comparison key (a new address, or none, voids the link mailed to the old one).
 */
public record TokenFingerprint(String hex) {

    public TokenFingerprint {
        Sha256.requireHex(hex);
    }

    public static TokenFingerprint ofPassword(PasswordHash hash) {
        return new TokenFingerprint(Sha256.hex(hash.encoded()));
    }

    /** The mailbox, however it is written: its comparison key. */
    public static TokenFingerprint ofAddress(EmailAddress address) {
        return new TokenFingerprint(Sha256.hex("email:" + address.comparisonKey()));
    }

    /** Compared in constant time: how long the comparison takes says nothing of where two fingerprints differ. */
    public boolean matches(TokenFingerprint other) {
        return Sha256.matches(hex, other.hex);
    }

    @Override
    public String toString() {
        return "TokenFingerprint[****]";
    }
}

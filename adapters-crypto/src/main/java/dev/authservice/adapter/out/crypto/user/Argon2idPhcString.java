package dev.authservice.adapter.out.crypto.user;

import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Argon2id hash as stored: {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>}, the PHC string format that the
 * reference implementation writes (standard Base64 without padding). It carries everything needed to verify a
 * password against it, so hashes made with older parameters stay verifiable.
 */
record Argon2idPhcString(Argon2Parameters parameters, byte[] salt, byte[] hash) {

    /** Argon2 1.3, the only version this service writes (RFC 9106). */
    static final int VERSION = 0x13;

    private static final Pattern FORMAT = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,10}),t=(\\d{1,10}),p=(\\d{1,10})\\$([A-Za-z0-9+/]+)\\$([A-Za-z0-9+/]+)");

    /** Reads {@code encoded}; empty when it is not an Argon2id 1.3 PHC string this class could have written. */
    static Optional<Argon2idPhcString> parse(String encoded) {
        Matcher matcher = FORMAT.matcher(encoded);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            Argon2Parameters parameters = new Argon2Parameters(Integer.parseInt(matcher.group(1)),
                    Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(3)));
            return Optional.of(new Argon2idPhcString(parameters, Base64.getDecoder().decode(matcher.group(4)),
                    Base64.getDecoder().decode(matcher.group(5))));
        } catch (IllegalArgumentException outOfRangeOrNotBase64) {
            return Optional.empty();
        }
    }

    String encoded() {
        Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
        return "$argon2id$v=19$m=" + parameters.memoryKiB() + ",t=" + parameters.iterations() + ",p="
                + parameters.parallelism() + "$" + base64.encodeToString(salt) + "$" + base64.encodeToString(hash);
    }
}

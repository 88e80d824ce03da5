package dev.authservice.domain.federation;

import dev.authservice.domain.InvalidValueException;
import java.util.Objects;

/**
 * Who a user is at an OpenID provider: the issuer and the subject it names them by. Only the pair is unique
 * (OpenID Connect Core 1.0, section 5.7); an email address or a username is not, and can change hands.
 */
public record ExternalIdentity(String issuer, String subject) {

    /** Core 1.0 caps a subject at 255 ASCII characters; an issuer is a URL, kept to the same. */
    public static final int MAX_LENGTH = 255;

    public ExternalIdentity {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        if (issuer.isEmpty() || issuer.length() > MAX_LENGTH
                || !(issuer.startsWith("https://") || issuer.startsWith("http://"))) {
            throw new InvalidValueException("issuer", "an issuer is an http(s) URL of at most " + MAX_LENGTH
                    + " characters");
        }
        if (subject.isEmpty() || subject.length() > MAX_LENGTH) {
            throw new InvalidValueException("subject", "a subject is 1 to " + MAX_LENGTH + " characters");
        }
    }
}

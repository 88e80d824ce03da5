package dev.authservice.domain.federation;

import dev.authservice.domain.InvalidValueException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The name an identity provider is configured under ({@code auth.identity-providers.<name>}): a path segment of its
 * authorization and callback paths, so lower-case letters, digits and hyphens only.
 */
public record ProviderName(String value) {

    public static final int MAX_LENGTH = 32;
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9][a-z0-9-]{0," + (MAX_LENGTH - 1) + "}");

    public ProviderName {
        Objects.requireNonNull(value, "value");
        if (!SHAPE.matcher(value).matches()) {
            throw new InvalidValueException("provider", "a provider's name is 1 to " + MAX_LENGTH
                    + " lower-case letters, digits and hyphens, starting with a letter or digit");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}

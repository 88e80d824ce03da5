package dev.authservice.domain.user;

import dev.authservice.domain.InvalidValueException;
import java.util.regex.Pattern;

/** A permission carried in the access token's {@code roles} claim. */
public record Role(String name) {

    // Declared before the constants below, which need it to construct.
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]{0,31}");

    public static final Role USER = new Role("USER");
    public static final Role ADMIN = new Role("ADMIN");

    public Role {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidValueException("roles", "a role is 1 to 32 upper-case letters, digits or underscores");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}

package dev.authservice.domain.federation;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The usernames a new account through a provider tries, in turn, until one is free and allowed: the provider's
 * {@code preferred_username} as it is, then {@value #TRIES} times that name (or, when it is no username at all, the
 * provider's) with a hyphen and random digits. The name is a suggestion: the identity, not the name, is what signs
 * in, so a name taken here never joins the account that holds it.
 */
public final class NewAccountNames {

    public static final int TRIES = 3;

    /** Six digits: with {@value #TRIES} tries, a clash on every one wants a million names sharing the base. */
    static final int DIGITS = 6;

    private NewAccountNames() {
    }

    /** @param digits {@value #TRIES} numbers in 0 to 999999, random: the suffixes of the later candidates */
    public static List<Username> candidates(ProviderClaims claims, ProviderName provider, int[] digits) {
        if (digits.length != TRIES) {
            throw new IllegalArgumentException("one suffix a try");
        }
        Optional<Username> preferred = claims.preferredUsername().flatMap(NewAccountNames::username);
        String base = cut(preferred.map(Username::value).orElse(provider.value()), Username.MAX_LENGTH - DIGITS - 1);
        List<Username> candidates = new ArrayList<>();
        preferred.ifPresent(candidates::add);
        for (int each : digits) {
            if (each < 0 || each > 999_999) {
                throw new IllegalArgumentException("a suffix has " + DIGITS + " digits");
            }
            String suffix = String.format("-%06d", each);
            // A name cut short may end in what no name may (a joiner, a lone mark): the provider's name never does.
            candidates.add(username(base + suffix).orElseGet(() -> new Username(provider.value() + suffix)));
        }
        return List.copyOf(candidates);
    }

    /** At most {@code length} chars, never half a code point. */
    private static String cut(String text, int length) {
        String cut = text;
        while (cut.length() > length) {
            cut = cut.substring(0, cut.offsetByCodePoints(cut.length(), -1));
        }
        return cut;
    }

    private static Optional<Username> username(String text) {
        try {
            return Optional.of(new Username(text));
        } catch (InvalidValueException e) {
            return Optional.empty();
        }
    }
}

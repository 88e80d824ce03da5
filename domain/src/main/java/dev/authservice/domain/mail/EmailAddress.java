package dev.authservice.domain.mail;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import java.net.IDN;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An address a user can be reached at, as they wrote it (without surrounding white space). Two addresses name one
 * mailbox when their {@link #comparisonKey()}s are equal: the local part exactly as written, since RFC 5321 lets a
 * mail server tell {@code Alice} from {@code alice} and only it knows whether it does; the domain in its IDNA ASCII
 * form, lower case, since a domain name never depends on case or on how its Unicode was written.
 *
 * <p>The local part is a dot-atom (RFC 5322): the ASCII letters, digits and {@code !#$%&'*+-/=?^_`{|}~}, and, as
 * RFC 6531 allows, any character beyond ASCII that is assigned and neither a control, white space, a format
 * character (a bidirectional control, a zero-width joiner) nor for private use; dots between, never first, last or
 * doubled; 1 to 64 octets in UTF-8. A quoted local part, and with it a space, {@code @} or angle brackets in it, is
 * refused: no mailbox a person types needs one. The domain is a host name by IDNA 2003's STD3 rules (letters, digits,
 * hyphens), with at least one dot; an address literal ({@code [192.0.2.1]}) is refused.
 */
public record EmailAddress(String value) {

    /** RFC 5321's longest path, less its angle brackets, in octets of the comparison key; in characters as written. */
    public static final int MAX_LENGTH = 254;

    public static final int MAX_LOCAL_PART_OCTETS = 64;

    private static final String FIELD = "email";
    /** RFC 5322's atext beyond letters and digits. */
    private static final String ATEXT_SYMBOLS = "!#$%&'*+-/=?^_`{|}~";

    public EmailAddress {
        value = Require.text(FIELD, value == null ? null : value.strip(), MAX_LENGTH);
        int at = value.indexOf('@');
        if (at < 0 || at != value.lastIndexOf('@')) {
            throw invalid("must hold one @ between the local part and the domain");
        }
        checkLocalPart(value.substring(0, at));
        String key = value.substring(0, at) + '@' + asciiDomain(value.substring(at + 1));
        if (key.getBytes(StandardCharsets.UTF_8).length > MAX_LENGTH) {
            throw invalid("must be at most " + MAX_LENGTH + " octets with its domain in IDNA form");
        }
    }

    /** The part before the {@code @}, as written. */
    public String localPart() {
        return value.substring(0, value.indexOf('@'));
    }

    /** The domain in its IDNA ASCII form, lower case: {@code Bücher.Example} is {@code xn--bcher-kva.example}. */
    public String domain() {
        return asciiDomain(value.substring(value.indexOf('@') + 1));
    }

    /** What tells mailboxes apart: the local part as written, {@code @}, the {@link #domain()}. */
    public String comparisonKey() {
        return localPart() + '@' + domain();
    }

    /** Whether both name one mailbox: their comparison keys are equal. */
    public boolean sameMailboxAs(EmailAddress other) {
        return comparisonKey().equals(other.comparisonKey());
    }

    @Override
    public String toString() {
        return value;
    }

    private static void checkLocalPart(String local) {
        if (local.isEmpty() || local.getBytes(StandardCharsets.UTF_8).length > MAX_LOCAL_PART_OCTETS) {
            throw invalid("must have a local part of 1 to " + MAX_LOCAL_PART_OCTETS + " octets before the @");
        }
        if (local.startsWith(".") || local.endsWith(".") || local.contains("..")) {
            throw invalid("must not begin or end its local part with a dot, nor hold two dots in a row");
        }
        local.codePoints().filter(c -> !allowedInLocalPart(c)).findFirst().ifPresent(c -> {
            throw invalid(String.format("must not hold U+%04X in its local part", c));
        });
    }

    private static boolean allowedInLocalPart(int c) {
        if (c < 0x80) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
                    || ATEXT_SYMBOLS.indexOf(c) >= 0;
        }
        int type = Character.getType(c);
        return Character.isDefined(c) && !Character.isWhitespace(c) && !Character.isSpaceChar(c)
                && type != Character.CONTROL && type != Character.FORMAT && type != Character.PRIVATE_USE
                && type != Character.SURROGATE;
    }

    private static String asciiDomain(String domain) {
        String ascii;
        try {
            ascii = IDN.toASCII(domain, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw invalid("must have a domain of letters, digits and hyphens, in any script, between dots");
        }
        if (ascii.isEmpty() || !ascii.contains(".") || ascii.startsWith(".") || ascii.endsWith(".")
                || ascii.contains("..")) {
            throw invalid("must have a domain of at least two labels, a dot between two");
        }
        return ascii;
    }

    private static InvalidValueException invalid(String rule) {
        return new InvalidValueException(FIELD, FIELD + " " + rule);
    }
}

package dev.authservice.domain.session;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How a session's user proved who they are, as the {@code amr} claim of its access tokens says it (RFC 8176): kept
 * with the session at login, so that every access token of it, refreshed or not, says the same.
 *
 * <ul>
 *   <li>a password: {@code ["pwd"]};</li>
 *   <li>a password and a TOTP code: {@code ["pwd", "otp", "mfa"]};</li>
 *   <li>a password and a recovery code: {@code ["pwd", "mfa"]}. RFC 8176 has no value for a look-up secret (NIST SP
 *       800-63B's name for a printed one-time code): {@code otp} would claim a device or app that generates
 *       passwords, {@code kba} a knowledge question. {@code mfa} alone says what is true: two factors, the second
 *       something the user has. A resource that wants the app itself asks for {@code otp}.</li>
 * </ul>
 */
public record AuthenticationMethods(List<String> values) {

    public static final AuthenticationMethods PASSWORD = new AuthenticationMethods(List.of("pwd"));
    public static final AuthenticationMethods PASSWORD_AND_TOTP =
            new AuthenticationMethods(List.of("pwd", "otp", "mfa"));
    public static final AuthenticationMethods PASSWORD_AND_RECOVERY_CODE =
            new AuthenticationMethods(List.of("pwd", "mfa"));

    private static final List<AuthenticationMethods> ALL = List.of(PASSWORD, PASSWORD_AND_TOTP,
            PASSWORD_AND_RECOVERY_CODE);

    public AuthenticationMethods {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a session was authenticated somehow");
        }
    }

    /** The methods an {@code amr} claim names; only the combinations this service issues. */
    public static AuthenticationMethods of(List<String> values) {
        Objects.requireNonNull(values, "values");
        return ALL.stream().filter(known -> known.values.equals(values)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("amr names methods this service does not issue"));
    }

    /** As a column keeps it: the values separated by spaces. */
    public String stored() {
        return String.join(" ", values);
    }

    public static AuthenticationMethods ofStored(String stored) {
        return of(Arrays.asList(stored.split(" ")));
    }
}

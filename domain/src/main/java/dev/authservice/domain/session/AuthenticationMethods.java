package dev.authservice.domain.session;

import dev.authservice.domain.passkey.Passkey;
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
 *   <li>a passkey alone, its user verified: {@code ["swk", "user", "mfa"]} for a synced passkey (backup
 *       eligible: a key in software that travels between the user's devices), {@code ["hwk", "user", "mfa"]} for one
 *       bound to a device. Two factors: the key the user has, and the PIN or biometric that unlocked it, so a
 *       resource that asks for {@code mfa} takes it as it takes a password and a code. Which check the authenticator
 *       made the service cannot know, so no {@code pin} or {@code fpt}.</li>
 *   <li>a password and a passkey: {@code ["pwd", "swk", "mfa"]} or {@code ["pwd", "hwk", "mfa"]}.</li>
 *   <li>an external identity provider (OpenID Connect): {@code ["fed"]}. RFC 8176 has no value for a sign-in
 *       another party vouched for; {@code fed} is the one Microsoft Entra ID writes for it. How the provider checked
 *       its user is its own to say: a resource that needs more asks for {@code mfa}, which this does not claim.</li>
 *   <li>a provider and the account's own second factor: {@code ["fed", "otp", "mfa"]}, {@code ["fed", "mfa"]} (a
 *       recovery code), {@code ["fed", "swk", "mfa"]} or {@code ["fed", "hwk", "mfa"]} (a passkey), as after a
 *       password.</li>
 *   <li>a provider whose ID token said it checked a second factor itself, in {@code acr} or {@code amr} values
 *       configured as trusted: {@code ["fed", "mfa"]}. Which factor the provider checked is its own to say, so
 *       nothing names it; the audit trail tells it from a recovery code.</li>
 * </ul>
 */
public record AuthenticationMethods(List<String> values) {

    public static final AuthenticationMethods PASSWORD = new AuthenticationMethods(List.of("pwd"));
    public static final AuthenticationMethods PASSWORD_AND_TOTP =
            new AuthenticationMethods(List.of("pwd", "otp", "mfa"));
    public static final AuthenticationMethods PASSWORD_AND_RECOVERY_CODE =
            new AuthenticationMethods(List.of("pwd", "mfa"));

    public static final AuthenticationMethods SYNCED_PASSKEY = new AuthenticationMethods(List.of("swk", "user", "mfa"));
    public static final AuthenticationMethods DEVICE_BOUND_PASSKEY =
            new AuthenticationMethods(List.of("hwk", "user", "mfa"));
    public static final AuthenticationMethods PASSWORD_AND_SYNCED_PASSKEY =
            new AuthenticationMethods(List.of("pwd", "swk", "mfa"));
    public static final AuthenticationMethods PASSWORD_AND_DEVICE_BOUND_PASSKEY =
            new AuthenticationMethods(List.of("pwd", "hwk", "mfa"));

    public static final AuthenticationMethods EXTERNAL_PROVIDER = new AuthenticationMethods(List.of("fed"));
    public static final AuthenticationMethods EXTERNAL_PROVIDER_AND_TOTP =
            new AuthenticationMethods(List.of("fed", "otp", "mfa"));
    /** A recovery code, or the provider's own second factor: neither is a kind RFC 8176 names. */
    public static final AuthenticationMethods EXTERNAL_PROVIDER_AND_ANOTHER_FACTOR =
            new AuthenticationMethods(List.of("fed", "mfa"));
    public static final AuthenticationMethods EXTERNAL_PROVIDER_AND_SYNCED_PASSKEY =
            new AuthenticationMethods(List.of("fed", "swk", "mfa"));
    public static final AuthenticationMethods EXTERNAL_PROVIDER_AND_DEVICE_BOUND_PASSKEY =
            new AuthenticationMethods(List.of("fed", "hwk", "mfa"));

    private static final List<AuthenticationMethods> ALL = List.of(PASSWORD, PASSWORD_AND_TOTP,
            PASSWORD_AND_RECOVERY_CODE, SYNCED_PASSKEY, DEVICE_BOUND_PASSKEY, PASSWORD_AND_SYNCED_PASSKEY,
            PASSWORD_AND_DEVICE_BOUND_PASSKEY, EXTERNAL_PROVIDER, EXTERNAL_PROVIDER_AND_TOTP,
            EXTERNAL_PROVIDER_AND_ANOTHER_FACTOR, EXTERNAL_PROVIDER_AND_SYNCED_PASSKEY,
            EXTERNAL_PROVIDER_AND_DEVICE_BOUND_PASSKEY);

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

    /** A login with {@code passkey} alone, its user verified. */
    public static AuthenticationMethods passkey(Passkey passkey) {
        return passkey.isSynced() ? SYNCED_PASSKEY : DEVICE_BOUND_PASSKEY;
    }

    /** A login with a password and {@code passkey} as the second factor. */
    public static AuthenticationMethods passwordAndPasskey(Passkey passkey) {
        return passkey.isSynced() ? PASSWORD_AND_SYNCED_PASSKEY : PASSWORD_AND_DEVICE_BOUND_PASSKEY;
    }

    /** A provider's sign-in with {@code passkey} as the second factor. */
    public static AuthenticationMethods externalProviderAndPasskey(Passkey passkey) {
        return passkey.isSynced() ? EXTERNAL_PROVIDER_AND_SYNCED_PASSKEY : EXTERNAL_PROVIDER_AND_DEVICE_BOUND_PASSKEY;
    }

    /** As a column keeps it: the values separated by spaces. */
    public String stored() {
        return String.join(" ", values);
    }

    public static AuthenticationMethods ofStored(String stored) {
        return of(Arrays.asList(stored.split(" ")));
    }
}

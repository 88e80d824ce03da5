package dev.authservice.domain.secondfactor;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/** How a user may prove the second factor at login, as clients name it. */
public enum SecondFactorMethod {
    /** A code of the authenticator app. */
    TOTP("totp"),
    /** One of the codes handed out at confirmation, each good once. */
    RECOVERY_CODE("recovery-code"),
    /** One of the user's passkeys, asked for with the login's ticket. */
    PASSKEY("passkey");

    private final String wireName;

    SecondFactorMethod(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /**
     * The methods a user with a confirmed TOTP has: the app unless its codes are used up ({@link WrongCodes}), its
     * recovery codes, and their passkeys if any.
     */
    public static List<SecondFactorMethod> offeredTo(boolean codesUsable, boolean holdsPasskeys) {
        return Stream.of(codesUsable ? TOTP : null, RECOVERY_CODE, holdsPasskeys ? PASSKEY : null)
                .filter(Objects::nonNull).toList();
    }
}

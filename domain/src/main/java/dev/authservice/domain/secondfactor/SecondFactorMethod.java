package dev.authservice.domain.secondfactor;

/** How a user may prove the second factor at login, as clients name it. */
public enum SecondFactorMethod {
    /** A code of the authenticator app. */
    TOTP("totp"),
    /** One of the codes handed out at confirmation, each good once. */
    RECOVERY_CODE("recovery-code");

    private final String wireName;

    SecondFactorMethod(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}

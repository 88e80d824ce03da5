package dev.authservice.bootstrap.recovery;

/**
 * Whether resets are on: {@code auth.password-reset.enabled} when set; unset, in development only, where mail needs
 * no server. Off, no reset use case exists and the reset paths answer 404.
 */
public final class PasswordResetEnabled extends EnabledByKey {

    static final String KEY = "auth.password-reset.enabled";

    public PasswordResetEnabled() {
        super(KEY);
    }
}

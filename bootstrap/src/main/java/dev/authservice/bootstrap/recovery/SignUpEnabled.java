package dev.authservice.bootstrap.recovery;

/**
 * Whether sign-up is on: {@code auth.sign-up.enabled} when set; unset, in development only, where mail needs
 * no server. Off, no sign-up use case exists and the sign-up paths answer 404.
 */
public final class SignUpEnabled extends EnabledByKey {

    static final String KEY = "auth.sign-up.enabled";

    public SignUpEnabled() {
        super(KEY);
    }
}

package dev.authservice.domain.notice;

/** Who made a change a notice tells of: the user, signed in, or an administrator. */
public enum ChangedBy {
    USER,
    ADMINISTRATOR
}

package dev.authservice.adapter.in.web.secondfactor;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The errors of a second factor: logging in with one, and enrolling and removing a TOTP. */
public enum SecondFactorErrorCode implements ErrorCode {
    SECOND_FACTOR_REQUIRED(HttpStatus.UNAUTHORIZED,
            "The password is right; complete the login with a code at POST /api/login/second-factor"),
    INVALID_SECOND_FACTOR(HttpStatus.UNAUTHORIZED, "The code or passkey is wrong, or was used already"),
    LOGIN_TICKET_INVALID(HttpStatus.UNAUTHORIZED, "The login ticket is unknown, used up or expired: log in again"),
    TOTP_LOCKED(HttpStatus.UNAUTHORIZED, "Too many wrong codes were tried for this authenticator app: use a "
            + "recovery code or a passkey, then set the app up again"),
    SECOND_FACTOR_NOT_FOUND(HttpStatus.NOT_FOUND, "No such second factor: enrol one first"),
    SECOND_FACTOR_ALREADY_ENROLLED(HttpStatus.CONFLICT, "A TOTP is in effect already: remove it first");

    private final Answer answer;

    SecondFactorErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

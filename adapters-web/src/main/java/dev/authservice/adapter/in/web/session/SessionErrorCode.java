package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The errors of logging in, refreshing and the session list, beyond those of every path ({@code CommonErrorCode}). */
public enum SessionErrorCode implements ErrorCode {
    INVALID_CREDENTIALS(HttpStatus.UNAUTHORIZED, "Invalid username or password"),
    EMAIL_NOT_VERIFIED(HttpStatus.FORBIDDEN, "The account's email address is not verified yet: follow the link mailed "
            + "to it, or ask for a new one"),
    INVALID_REFRESH_TOKEN(HttpStatus.UNAUTHORIZED, "The refresh token is missing, invalid, expired or revoked: log in again"),
    SESSION_NOT_FOUND(HttpStatus.NOT_FOUND, "No such session");

    private final Answer answer;

    SessionErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

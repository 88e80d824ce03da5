package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The errors of user accounts' paths, beyond those of every path ({@code CommonErrorCode}). */
public enum AccountErrorCode implements ErrorCode {
    USER_NOT_FOUND(HttpStatus.NOT_FOUND, "No such user"),
    USERNAME_TAKEN(HttpStatus.CONFLICT, "This username is already taken"),
    EMAIL_TAKEN(HttpStatus.CONFLICT, "This email address belongs to another account"),
    WEAK_PASSWORD(HttpStatus.BAD_REQUEST, "The new password is too weak: choose a longer, less common one");

    private final Answer answer;

    AccountErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/**
 * The errors of the paths of mailed links (a password reset, an address's verification), beyond those of every path
 * ({@code CommonErrorCode}).
 */
public enum RecoveryErrorCode implements ErrorCode {
    RESET_TOKEN_INVALID(HttpStatus.BAD_REQUEST, "This reset link is not valid: it may have expired, been used, or "
            + "been replaced by a newer one. Ask for a new link"),
    RESET_THROTTLED(HttpStatus.TOO_MANY_REQUESTS, "Too many reset requests for this account or from this address: "
            + "wait before asking again"),
    VERIFICATION_TOKEN_INVALID(HttpStatus.BAD_REQUEST, "This verification link is not valid: it may have expired, "
            + "been used, been replaced by a newer one, or the address may have changed since. Ask for a new link"),
    VERIFICATION_MAIL_THROTTLED(HttpStatus.TOO_MANY_REQUESTS, "Too many verification links asked for this account "
            + "or from this address: wait before asking again"),
    EMAIL_ALREADY_VERIFIED(HttpStatus.CONFLICT, "The email address is verified already"),
    NO_EMAIL_ADDRESS(HttpStatus.CONFLICT, "The account has no email address to verify"),
    SIGN_UP_THROTTLED(HttpStatus.TOO_MANY_REQUESTS, "Too many sign-up requests for this address or name, or from "
            + "this client address: wait before asking again");

    private final Answer answer;

    RecoveryErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

package dev.authservice.adapter.in.web.passkey;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The errors of passkeys' paths, beyond those of every path ({@code CommonErrorCode}). */
public enum PasskeyErrorCode implements ErrorCode {
    PASSKEY_NOT_FOUND(HttpStatus.NOT_FOUND, "No such passkey"),
    PASSKEY_CHALLENGE_INVALID(HttpStatus.BAD_REQUEST,
            "The passkey's response answers no challenge of yours: unknown, used already or expired; start again"),
    PASSKEY_ORIGIN_REFUSED(HttpStatus.BAD_REQUEST, "The passkey was made on a page of an origin this service does "
            + "not serve"),
    PASSKEY_VERIFICATION_FAILED(HttpStatus.BAD_REQUEST, "The passkey's registration does not verify"),
    PASSKEY_ALREADY_REGISTERED(HttpStatus.CONFLICT, "This passkey is registered already"),
    TOO_MANY_PASSKEYS(HttpStatus.CONFLICT, "You hold as many passkeys as allowed: delete one first"),
    PASSKEY_LOGIN_FAILED(HttpStatus.UNAUTHORIZED, "The passkey does not log you in"),
    TOO_MANY_PASSKEY_CHALLENGES(HttpStatus.TOO_MANY_REQUESTS, "Too many passkey logins started from your network "
            + "and not finished: try again later");

    private final Answer answer;

    PasskeyErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

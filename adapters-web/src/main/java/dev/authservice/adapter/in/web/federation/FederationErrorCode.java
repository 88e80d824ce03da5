package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/**
 * The errors of the identity-provider paths, beyond those of every path ({@code CommonErrorCode}). Those of the
 * callback, which a browser reaches by a redirect, travel to the client in the fragment of the page it is sent back
 * to ({@code /#sign-in-error=<code>}), which says them in words; the others in the usual envelope.
 */
public enum FederationErrorCode implements ErrorCode {
    IDENTITY_PROVIDER_NOT_FOUND(HttpStatus.NOT_FOUND, "No identity provider is configured with this name"),
    IDENTITY_PROVIDER_UNAVAILABLE(HttpStatus.SERVICE_UNAVAILABLE, "The identity provider did not answer in time: "
            + "try again later, or sign in with your password"),
    IDENTITY_NOT_FOUND(HttpStatus.NOT_FOUND, "The user has no linked identity with this id"),
    LAST_WAY_TO_SIGN_IN(HttpStatus.CONFLICT, "This identity is the account's last way to sign in"),
    EXTERNAL_STATE_INVALID(HttpStatus.BAD_REQUEST, "This sign-in is not valid: it expired, was used already, or was "
            + "started in another browser. Start again"),
    EXTERNAL_SIGN_IN_REFUSED(HttpStatus.BAD_REQUEST, "The identity provider refused the sign-in, or its answer "
            + "failed a check"),
    IDENTITY_NOT_LINKED(HttpStatus.FORBIDDEN, "No account is linked to this identity: sign in with your password, "
            + "then link it from your profile"),
    IDENTITY_LINKED_ELSEWHERE(HttpStatus.CONFLICT, "This identity is linked to another account"),
    EXTERNAL_SIGN_IN_ACCOUNT_UNAVAILABLE(HttpStatus.FORBIDDEN, "This account cannot sign in now"),
    TOO_MANY_EXTERNAL_SIGN_INS(HttpStatus.TOO_MANY_REQUESTS, "Too many sign-ins and links with an identity provider "
            + "started from your network and not finished: try again later");

    private final Answer answer;

    FederationErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}

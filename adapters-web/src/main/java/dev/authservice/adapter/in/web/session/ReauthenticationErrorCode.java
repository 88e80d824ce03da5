package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpStatus;
import java.util.Map;

/** The errors of a change to how a user signs in that asks for a recent proof of who they are. */
public enum ReauthenticationErrorCode implements ErrorCode {
    REAUTHENTICATION_REQUIRED(HttpStatus.UNAUTHORIZED, "This change needs a recent sign-in: prove who you are at "
            + "POST /api/user/reauthentication, then send it again with the access token it answers");

    /** RFC 9470's challenge: the token is good, the authentication behind it too old for this request. */
    static final String CHALLENGE = "Bearer error=\"insufficient_user_authentication\", error_description=\""
            + "A more recent authentication is required\"";

    private final Answer answer;

    ReauthenticationErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }

    /** 401 {@link #REAUTHENTICATION_REQUIRED}, with its challenge. */
    public static ApiException required() {
        return new ApiException(REAUTHENTICATION_REQUIRED, Map.of(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE));
    }
}

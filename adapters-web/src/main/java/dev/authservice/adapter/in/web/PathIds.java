package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;

/**
 * Ids taken from the path. An id that cannot be one names nothing, so it gets the same 404 as an unknown id: the
 * client learns nothing from the difference, and a URL that does not exist is "not found" whatever its shape.
 */
final class PathIds {

    private PathIds() {
    }

    static UserId userId(String text) {
        try {
            return UserId.of(text);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ErrorCode.USER_NOT_FOUND);
        }
    }

    static SessionId sessionId(String text) {
        try {
            return SessionId.of(text);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ErrorCode.SESSION_NOT_FOUND);
        }
    }
}

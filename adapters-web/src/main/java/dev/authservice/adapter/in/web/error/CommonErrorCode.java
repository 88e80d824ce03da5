package dev.authservice.adapter.in.web.error;

import io.micronaut.http.HttpStatus;

/** The errors any path may answer with: bad input, authentication, the HTTP edge's refusals, faults. */
public enum CommonErrorCode implements ErrorCode {
    INVALID_INPUT(HttpStatus.BAD_REQUEST, "The request is not valid"),
    INVALID_PARAMETER(HttpStatus.BAD_REQUEST, "A query parameter is not valid"),
    UNAUTHORIZED(HttpStatus.UNAUTHORIZED, "Authentication is required: send Authorization: Bearer <access token>"),
    INVALID_TOKEN(HttpStatus.UNAUTHORIZED, "The access token is not valid"),
    TOKEN_EXPIRED(HttpStatus.UNAUTHORIZED, "The access token has expired: refresh it and retry"),
    TOKEN_REVOKED(HttpStatus.UNAUTHORIZED, "The session of this access token has ended"),
    FORBIDDEN(HttpStatus.FORBIDDEN, "You do not have permission to do this"),
    NOT_FOUND(HttpStatus.NOT_FOUND, "No such resource"),
    METHOD_NOT_ALLOWED(HttpStatus.METHOD_NOT_ALLOWED, "This method is not allowed on this resource"),
    NOT_ACCEPTABLE(HttpStatus.NOT_ACCEPTABLE, "This API answers application/json, which the Accept header refuses"),
    REQUEST_TIMEOUT(HttpStatus.REQUEST_TIMEOUT, "The request did not arrive in time"),
    LENGTH_REQUIRED(HttpStatus.LENGTH_REQUIRED, "Send the body with a Content-Length, not chunked"),
    PAYLOAD_TOO_LARGE(HttpStatus.REQUEST_ENTITY_TOO_LARGE, "The request body is too large"),
    URI_TOO_LONG(HttpStatus.REQUEST_URI_TOO_LONG, "The request URI is too long"),
    UNSUPPORTED_MEDIA_TYPE(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json, in UTF-8"),
    MISDIRECTED_REQUEST(HttpStatus.MISDIRECTED_REQUEST, "This service does not answer to this host name"),
    TOO_MANY_ATTEMPTS(HttpStatus.TOO_MANY_REQUESTS, "Too many failed attempts: try again later"),
    REQUEST_HEADER_FIELDS_TOO_LARGE(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "The request headers are too large"),
    INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong on our side"),
    SERVICE_UNAVAILABLE(HttpStatus.SERVICE_UNAVAILABLE, "The service is busy: try again shortly");

    private final Answer answer;

    CommonErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }

    /** The code for an error the framework raised by itself, known only by its status. */
    static CommonErrorCode forStatus(int status) {
        return switch (status) {
            case 400 -> INVALID_INPUT;
            case 401 -> UNAUTHORIZED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 414 -> URI_TOO_LONG;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> TOO_MANY_ATTEMPTS;
            case 431 -> REQUEST_HEADER_FIELDS_TOO_LARGE;
            case 503 -> SERVICE_UNAVAILABLE;
            default -> INTERNAL_ERROR;
        };
    }
}

package dev.authservice.adapter.in.web.error;

import dev.authservice.domain.InvalidValueException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/**
 * A domain value refused what a request body carried. Query parameters are parsed by {@code QueryParameters}, which
 * answers {@link ErrorCode#INVALID_PARAMETER} itself; whatever reaches this handler came from a body.
 */
@Singleton
@Requires(classes = InvalidValueException.class)
class InvalidValueExceptionHandler implements ExceptionHandler<InvalidValueException, HttpResponse<?>> {

    @Override
    public HttpResponse<?> handle(HttpRequest request, InvalidValueException exception) {
        return ErrorResponses.of(ErrorCode.INVALID_INPUT, exception.getMessage());
    }
}

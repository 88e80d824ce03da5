package dev.authservice.adapter.in.web.error;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

@Singleton
@Requires(classes = ApiException.class)
class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<?>> {

    @Override
    public HttpResponse<?> handle(HttpRequest request, ApiException exception) {
        MutableHttpResponse<ErrorEnvelope> response = ErrorResponses.of(exception.code(), exception.getMessage());
        exception.headers().forEach(response::header);
        return response;
    }
}

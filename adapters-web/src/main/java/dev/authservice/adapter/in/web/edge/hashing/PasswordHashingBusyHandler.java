package dev.authservice.adapter.in.web.edge.hashing;

import dev.authservice.adapter.in.web.error.ErrorResponses;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * 503 {@code SERVICE_UNAVAILABLE} when the password-hashing queue is full: the service as a whole is busy, whoever
 * asks, which is what 503 says (429 would blame this client, and a client that spreads its requests over many
 * addresses is not slowed by that). A full queue drains in about a second at the defaults, hence the Retry-After.
 */
@Singleton
class PasswordHashingBusyHandler implements ExceptionHandler<PasswordHashingBusy, HttpResponse<?>> {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Override
    public HttpResponse<?> handle(HttpRequest request, PasswordHashingBusy exception) {
        return ErrorResponses.serviceUnavailable(RETRY_AFTER);
    }
}

package dev.authservice.adapter.in.web.error;

import dev.authservice.application.shared.port.out.StoreUnavailableException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 503 {@code SERVICE_UNAVAILABLE} with Retry-After while the database cannot be reached: a failover takes seconds, and
 * a client or load balancer that sees 503 knows to try again, where a 500 says the service is broken. One line in the
 * log, without the stack, which says nothing more than the SQLState during an outage that may last many requests.
 */
@Singleton
class StoreUnavailableHandler implements ExceptionHandler<StoreUnavailableException, HttpResponse<?>> {

    private static final Logger LOG = LoggerFactory.getLogger(StoreUnavailableHandler.class);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Override
    public HttpResponse<?> handle(HttpRequest request, StoreUnavailableException exception) {
        LOG.warn("{} {}: {}", request.getMethod(), request.getPath(), exception.getMessage());
        return ErrorResponses.serviceUnavailable(RETRY_AFTER);
    }
}

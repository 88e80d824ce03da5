package dev.authservice.adapter.in.web.error;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * Gives the envelope to an error some filter of the framework answered with no body at all. Micronaut's CORS filter,
 * for one, refuses by itself a page of another origin that calls a service on a local address (its drive-by-localhost
 * guard) with a bare 403, which no {@code ErrorResponseProcessor} sees.
 * <p>
 * It runs first, so that it sees the answers of every filter inside it.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
class EmptyErrorEnvelopeFilter implements Ordered {

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }

    @ResponseFilter
    void addTheEnvelope(MutableHttpResponse<?> response) {
        if (response.code() >= 400 && response.getBody().isEmpty()) {
            ErrorResponses.dress(response, CommonErrorCode.forStatus(response.code()));
        }
    }
}

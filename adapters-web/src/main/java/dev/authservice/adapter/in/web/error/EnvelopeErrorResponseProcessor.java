package dev.authservice.adapter.in.web.error;

import dev.authservice.adapter.in.web.ErrorEnvelope;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/**
 * Dresses the errors the framework raises by itself (unknown path, wrong method, oversized body or head, unreadable
 * JSON, uncaught exceptions) in the API's envelope. The framework's own message is never shown: it may name classes.
 */
@Singleton
class EnvelopeErrorResponseProcessor implements ErrorResponseProcessor<ErrorEnvelope> {

    @Override
    public MutableHttpResponse<ErrorEnvelope> processResponse(ErrorContext errorContext,
                                                              MutableHttpResponse<?> response) {
        ErrorCode code = OversizedRequestHead.code(errorContext.getRequest())
                .orElseGet(() -> ErrorCode.forStatus(response.code()));
        return ErrorResponses.dress(response, code);
    }
}

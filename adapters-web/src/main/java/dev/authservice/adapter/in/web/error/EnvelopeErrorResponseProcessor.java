package dev.authservice.adapter.in.web.error;

import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/**
 * Dresses the errors the framework raises by itself (unknown path, wrong method, oversized body, unreadable JSON,
 * uncaught exceptions) in the API's envelope. The framework's own message is never shown: it may name classes. A head
 * Netty could not read never gets here: {@code RequestHeadRefusal} answers it.
 */
@Singleton
class EnvelopeErrorResponseProcessor implements ErrorResponseProcessor<ErrorEnvelope> {

    @Override
    public MutableHttpResponse<ErrorEnvelope> processResponse(ErrorContext errorContext,
                                                              MutableHttpResponse<?> response) {
        return ErrorResponses.dress(response, CommonErrorCode.forStatus(response.code()));
    }
}

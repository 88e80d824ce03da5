package dev.authservice.adapter.in.web.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.Optional;

/**
 * Which part of a request was over Netty's limits. Micronaut answers every one of them 413 "body too large"; a request
 * line over {@code micronaut.server.max-initial-line-length} is 414, headers over {@code max-header-size} are 431
 * (RFC 9110 §15.5.15, RFC 6585 §5). Netty's decoder left the reason on the request it could not read.
 */
final class OversizedRequestHead {

    private OversizedRequestHead() {
    }

    static Optional<ErrorCode> code(HttpRequest<?> request) {
        if (request instanceof NettyHttpRequest<?> netty) {
            Throwable cause = netty.getNativeRequest().decoderResult().cause();
            if (cause instanceof TooLongHttpLineException) {
                return Optional.of(ErrorCode.URI_TOO_LONG);
            }
            if (cause instanceof TooLongHttpHeaderException) {
                return Optional.of(ErrorCode.REQUEST_HEADER_FIELDS_TOO_LARGE);
            }
        }
        return Optional.empty();
    }
}

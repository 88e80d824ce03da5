package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorCode;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.Optional;

/**
 * Which of Netty's limits a request head was over, from the reason its decoder failed. Micronaut answers every one of
 * them 413 "body too large"; a request line over {@code micronaut.server.max-initial-line-length} is 414, headers over
 * {@code max-header-size} are 431 (RFC 9110 §15.5.15, RFC 6585 §5).
 */
final class OversizedRequestHead {

    private OversizedRequestHead() {
    }

    static Optional<ErrorCode> code(Throwable decoderFailure) {
        if (decoderFailure instanceof TooLongHttpLineException) {
            return Optional.of(CommonErrorCode.URI_TOO_LONG);
        }
        if (decoderFailure instanceof TooLongHttpHeaderException) {
            return Optional.of(CommonErrorCode.REQUEST_HEADER_FIELDS_TOO_LARGE);
        }
        return Optional.empty();
    }
}

package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.adapter.in.web.edge.RawErrorAnswer;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorCode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.List;
import java.util.Optional;

/**
 * Requests refused by their head, right after Netty's HTTP decoder: the answer is written from here, the connection is
 * closed, and nothing sent after it on that connection runs. One instance per connection.
 * <ul>
 * <li>A head the decoder could not read: 414 {@code URI_TOO_LONG}, 431 {@code REQUEST_HEADER_FIELDS_TOO_LARGE}
 * ({@link OversizedRequestHead}) or 400 {@code INVALID_INPUT}. Micronaut would answer these past its filters, so
 * without the headers of every other answer, and in the version the decoder read, HTTP/1.0 for a request line it did
 * not finish.</li>
 * <li>A body that does not say its length. A request with {@code Transfer-Encoding} whose final coding is chunked
 * gets 411 {@code LENGTH_REQUIRED}; any other {@code Transfer-Encoding} leaves the body's length unknown and gets 400
 * {@code INVALID_INPUT} (RFC 9112 §6.3).</li>
 * </ul>
 * A request with both {@code Content-Length} and {@code Transfer-Encoding: chunked} is read as chunked here, but a
 * proxy in front may read it by its length, and the bytes the two disagree on would run here as a second request:
 * request smuggling (RFC 9112 §6.1 says to reject such a request or close the connection). Netty drops the
 * {@code Content-Length} of such a request, and Micronaut the {@code Transfer-Encoding} once it has the body, so the
 * refusal sits in Netty's pipeline and covers every chunked request. No client of this API needs one: its bodies are
 * at most 16 KiB, and browsers, curl and the usual HTTP clients send them with a length.
 */
final class RequestHeadRefusal extends ChannelInboundHandlerAdapter {

    static final String NAME = "request-head-refusal";

    private final RawErrorAnswer answer;
    private boolean refused;

    RequestHeadRefusal(RawErrorAnswer answer) {
        this.answer = answer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (refused) {
            ReferenceCountUtil.release(message); // the rest of the body, and whatever was smuggled after it
            return;
        }
        Optional<ErrorCode> refusal = message instanceof HttpRequest request ? refusalOf(request) : Optional.empty();
        if (refusal.isPresent()) {
            refused = true;
            ReferenceCountUtil.release(message);
            answer.sendAndClose(ctx, refusal.get());
            return;
        }
        ctx.fireChannelRead(message);
    }

    private static Optional<ErrorCode> refusalOf(HttpRequest request) {
        DecoderResult decoded = request.decoderResult();
        if (decoded.isFailure()) {
            return OversizedRequestHead.code(decoded.cause()).or(() -> Optional.of(CommonErrorCode.INVALID_INPUT));
        }
        List<String> codings = request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        if (codings.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                TransferEncoding.endsInChunked(codings) ? CommonErrorCode.LENGTH_REQUIRED : CommonErrorCode.INVALID_INPUT);
    }
}

package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;

/**
 * A request body must say its length: a request with {@code Transfer-Encoding} gets 411 {@code LENGTH_REQUIRED}, the
 * connection is closed, and nothing sent after it on that connection runs.
 * <p>
 * A request with both {@code Content-Length} and {@code Transfer-Encoding: chunked} is read as chunked here, but a
 * proxy in front may read it by its length, and the bytes the two disagree on would run here as a second request:
 * request smuggling (RFC 9112 §6.1 says to reject such a request or close the connection). Netty drops the
 * {@code Content-Length} of such a request, and Micronaut the {@code Transfer-Encoding} once it has the body, so the
 * refusal sits in Netty's pipeline, right after the HTTP decoder, and covers every chunked request. No client of this
 * API needs one: its bodies are at most 16 KiB, and browsers, curl and the usual HTTP clients send them with a length.
 * One instance per connection.
 */
final class ChunkedRequestRefusal extends ChannelInboundHandlerAdapter {

    static final String NAME = "chunked-request-refusal";

    private final RawErrorAnswer answer;
    private boolean refused;

    ChunkedRequestRefusal(RawErrorAnswer answer) {
        this.answer = answer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (refused) {
            ReferenceCountUtil.release(message); // the rest of the chunked body, and whatever was smuggled after it
            return;
        }
        if (message instanceof HttpRequest request && request.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            refused = true;
            ReferenceCountUtil.release(message);
            answer.sendAndClose(ctx, ErrorCode.LENGTH_REQUIRED);
            return;
        }
        ctx.fireChannelRead(message);
    }
}

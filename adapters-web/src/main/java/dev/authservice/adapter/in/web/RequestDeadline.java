package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A request must arrive whole, head and body, within a deadline from its first byte; otherwise the answer is 408
 * {@code REQUEST_TIMEOUT} and the connection is closed. An idle timeout alone starts again at every byte, so a client
 * trickling a header a byte at a time would hold a connection for ever. One instance per connection, in two parts:
 * {@link #bytesIn} before the HTTP decoder starts the clock at the first byte of a request, {@link #requestsOut}
 * after it stops the clock when the request is complete. Both run on the connection's event loop.
 */
final class RequestDeadline {

    static final String BYTES_IN = "request-deadline-start";
    static final String REQUESTS_OUT = "request-deadline-stop";

    private final Duration deadline;
    private final RawErrorAnswer answer;
    private ChannelHandlerContext afterDecoder;
    private ScheduledFuture<?> pending;

    RequestDeadline(Duration deadline, RawErrorAnswer answer) {
        this.deadline = deadline;
        this.answer = answer;
    }

    ChannelHandler bytesIn() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                if (pending == null && message instanceof ByteBuf) {
                    pending = ctx.executor().schedule(
                            () -> answer.sendAndClose(afterDecoder, ErrorCode.REQUEST_TIMEOUT),
                            deadline.toNanos(), TimeUnit.NANOSECONDS);
                }
                ctx.fireChannelRead(message);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                stop();
                ctx.fireChannelInactive();
            }
        };
    }

    ChannelHandler requestsOut() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext ctx) {
                afterDecoder = ctx; // the answer is written from here, so that the encoder turns it into bytes
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                if (message instanceof LastHttpContent) {
                    stop();
                }
                ctx.fireChannelRead(message);
            }
        };
    }

    private void stop() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}

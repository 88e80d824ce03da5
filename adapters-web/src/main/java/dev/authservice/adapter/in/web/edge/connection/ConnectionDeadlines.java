package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.adapter.in.web.edge.RawErrorAnswer;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The deadlines of an HTTP/1 connection, one at a time, so that no connection holds its file descriptor for long
 * without sending a request:
 * <ul>
 * <li>from the connection's start, its first request must begin within {@link ConnectionLimits#firstRequestDeadline};
 * </li>
 * <li>from its first byte, a request must arrive whole, head and body, within
 * {@link ConnectionLimits#requestDeadline}; otherwise the answer is 408 {@code REQUEST_TIMEOUT}. An idle timeout
 * alone starts again at every byte, so a client trickling a header a byte at a time would hold a connection for
 * ever;</li>
 * <li>once every request is answered, the next must begin within {@link ConnectionLimits#keepAliveTimeout}.</li>
 * </ul>
 * While a request is being answered no deadline runs: that is the service's time, not the client's. A connection that
 * is waiting for a request is closed without an answer when its deadline passes: its client is waiting for none, and
 * one that opened it ahead of need would read a 408 as the answer to the request it sends next.
 * <p>
 * One instance per connection, in two parts, both run on the connection's event loop: {@link #bytesIn} before the HTTP
 * decoder sees each request's first byte, {@link #messages} after it sees requests arrive whole and answers leave.
 */
final class ConnectionDeadlines {

    static final String BYTES_IN = "connection-deadlines-bytes-in";
    static final String MESSAGES = "connection-deadlines-messages";

    private final ConnectionLimits limits;
    private final RawErrorAnswer answer;
    private ChannelHandlerContext afterDecoder;
    private ScheduledFuture<?> pending;
    /** A request's first byte has arrived, its last not yet. */
    private boolean receiving;
    private long requests;
    private long answers;

    ConnectionDeadlines(ConnectionLimits limits, RawErrorAnswer answer) {
        this.limits = limits;
        this.answer = answer;
    }

    ChannelHandler bytesIn() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext ctx) {
                if (ctx.channel().isActive()) { // added as the connection is set up, before it can read
                    awaitRequest(ctx, limits.firstRequestDeadline());
                }
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                if (!receiving && message instanceof ByteBuf) {
                    receiving = true;
                    schedule(ctx, limits.requestDeadline(),
                            () -> answer.sendAndClose(afterDecoder, CommonErrorCode.REQUEST_TIMEOUT));
                }
                ctx.fireChannelRead(message);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                cancel();
                ctx.fireChannelInactive();
            }
        };
    }

    ChannelHandler messages() {
        return new ChannelDuplexHandler() {
            @Override
            public void handlerAdded(ChannelHandlerContext ctx) {
                afterDecoder = ctx; // the 408 is written from here, so that the encoder turns it into bytes
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                if (message instanceof HttpRequest) {
                    requests++;
                }
                if (message instanceof LastHttpContent) {
                    receiving = false;
                    cancel();
                    awaitNextRequestIfAnswered(ctx);
                }
                ctx.fireChannelRead(message);
            }

            @Override
            public void write(ChannelHandlerContext ctx, Object message, ChannelPromise promise) {
                boolean interim = message instanceof HttpResponse response
                        && response.status().codeClass() == HttpStatusClass.INFORMATIONAL; // 100 Continue
                if (!interim && message instanceof LastHttpContent) {
                    answers++;
                    awaitNextRequestIfAnswered(ctx);
                }
                ctx.write(message, promise);
            }
        };
    }

    /** An answer may be written before its request has arrived whole (413): both must be over. */
    private void awaitNextRequestIfAnswered(ChannelHandlerContext ctx) {
        if (!receiving && answers == requests) {
            awaitRequest(ctx, limits.keepAliveTimeout());
        }
    }

    private void awaitRequest(ChannelHandlerContext ctx, Duration deadline) {
        schedule(ctx, deadline, ctx.channel()::close);
    }

    private void schedule(ChannelHandlerContext ctx, Duration deadline, Runnable onExpiry) {
        cancel();
        pending = ctx.executor().schedule(onExpiry, deadline.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}

package dev.authservice.adapter.in.web.edge.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.in.web.edge.RawErrorAnswer;
import io.micronaut.json.JsonMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The deadlines on a connection of their own, on Netty's embedded channel, whose clock the test moves: which deadline
 * runs when, and that none runs while the service answers.
 */
class ConnectionDeadlinesTest {

    private static final ConnectionLimits LIMITS = new ConnectionLimits(
            Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(75), 10_000, 256);
    private static final String PING = "GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private EmbeddedChannel connection;

    @BeforeEach
    void connect() {
        ConnectionDeadlines deadlines = new ConnectionDeadlines(LIMITS, new RawErrorAnswer(JsonMapper.createDefault()));
        connection = new EmbeddedChannel();
        connection.freezeTime();
        connection.pipeline().addLast(ConnectionDeadlines.BYTES_IN, deadlines.bytesIn());
        connection.pipeline().addLast(new HttpServerCodec());
        connection.pipeline().addLast(ConnectionDeadlines.MESSAGES, deadlines.messages());
        connection.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                ReferenceCountUtil.release(message); // the service: the test writes its answers
            }
        });
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAtItsFirstRequestDeadlineWithoutAnAnswer() {
        after(Duration.ofMillis(4999));
        assertTrue(connection.isOpen());

        after(Duration.ofMillis(1));
        assertFalse(connection.isOpen());
        assertEquals("", written());
    }

    @Test
    void aRequestBegunInTimeHasItsOwnDeadlineFromItsFirstByte() {
        after(Duration.ofSeconds(4));
        send("GET /api/ping HTTP/1.1\r\n");
        after(Duration.ofSeconds(9));
        assertTrue(connection.isOpen(), "the first-request deadline no longer runs");

        after(Duration.ofSeconds(1));
        assertFalse(connection.isOpen());
        assertTrue(written().startsWith("HTTP/1.1 408 "));
    }

    @Test
    void noDeadlineRunsWhileTheServiceAnswersAndTheKeepAliveTimeoutRunsFromTheAnswer() {
        send(PING);
        after(Duration.ofMinutes(10));
        assertTrue(connection.isOpen(), "the service's time, not the client's");

        answer(HttpResponseStatus.OK);
        after(Duration.ofMillis(74_999));
        assertTrue(connection.isOpen());
        after(Duration.ofMillis(1));
        assertFalse(connection.isOpen());
        assertTrue(written().startsWith("HTTP/1.1 200 "), "the answer, and nothing after it");
    }

    @Test
    void theNextRequestStopsTheKeepAliveTimeout() {
        send(PING);
        answer(HttpResponseStatus.OK);
        after(Duration.ofSeconds(70));
        send(PING);
        after(Duration.ofSeconds(70));

        assertTrue(connection.isOpen(), "answering the second request");
    }

    @Test
    void aContinueIsNotTheAnswer() {
        send("POST /api/login HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
        answer(HttpResponseStatus.CONTINUE);
        send("{}");
        after(Duration.ofMinutes(10));
        assertTrue(connection.isOpen(), "still the service's time");

        answer(HttpResponseStatus.OK);
        after(Duration.ofSeconds(75));
        assertFalse(connection.isOpen());
    }

    @Test
    void pipelinedRequestsAreAllAnsweredBeforeTheKeepAliveTimeoutRuns() {
        send(PING + PING);
        answer(HttpResponseStatus.OK);
        after(Duration.ofMinutes(10));
        assertTrue(connection.isOpen(), "the second is still being answered");

        answer(HttpResponseStatus.OK);
        after(Duration.ofSeconds(75));
        assertFalse(connection.isOpen());
    }

    private void send(String bytes) {
        connection.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
    }

    private void answer(HttpResponseStatus status) {
        DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
        response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
        connection.writeOutbound(response);
    }

    private void after(Duration time) {
        connection.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        connection.runScheduledPendingTasks();
        connection.runPendingTasks();
    }

    private String written() {
        StringBuilder written = new StringBuilder();
        for (Object message = connection.readOutbound(); message != null; message = connection.readOutbound()) {
            written.append(((ByteBuf) message).toString(StandardCharsets.UTF_8));
            ReferenceCountUtil.release(message);
        }
        return written.toString();
    }
}

package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The error envelope written straight to a connection, then closed: for the guards that act below Micronaut's
 * routing and filters, where no request reached a controller and none will on that connection. Since no filter sees
 * it, it carries the headers {@link SecurityHeadersFilter} gives every other answer itself; and it is HTTP/1.1
 * whatever version the request said, or failed to say.
 */
public final class RawErrorAnswer {

    private final JsonMapper json;

    public RawErrorAnswer(JsonMapper json) {
        this.json = json;
    }

    public void sendAndClose(ChannelHandlerContext ctx, ErrorCode code) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(ErrorEnvelope.of(code, code.defaultMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(code.status().getCode()), Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set(HttpHeaderNames.CONTENT_SECURITY_POLICY, SecurityHeadersFilter.CONTENT_SECURITY_POLICY);
        SecurityHeadersFilter.EVERY_ANSWER.forEach(response.headers()::set);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}

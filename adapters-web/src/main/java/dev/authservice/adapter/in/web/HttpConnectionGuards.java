package dev.authservice.adapter.in.web;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The guards that must act on the connection itself, below Micronaut's routing and filters, added to every HTTP/1
 * connection of the API's port: {@link ConnectionsPerAddress}, {@link RequestDeadline} and
 * {@link RequestHeadRefusal} (docs/security.md, "Connections").
 */
@Singleton
class HttpConnectionGuards implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final Duration requestDeadline;
    private final ConnectionsPerAddress connections;
    private final RawErrorAnswer answer;

    HttpConnectionGuards(ConnectionLimits limits, TrustedProxies trustedProxies, JsonMapper json) {
        this.requestDeadline = limits.requestDeadline();
        this.connections = new ConnectionsPerAddress(limits.maxConnectionsPerAddress(), trustedProxies);
        this.answer = new RawErrorAnswer(json);
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new OnConnection(null));
        return event.getBean();
    }

    /** Specialised for each connection, so that each gets guards of its own. */
    private final class OnConnection implements NettyServerCustomizer {

        private final Channel channel;

        OnConnection(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            if (role != ChannelRole.CONNECTION) {
                return this;
            }
            connections.admit(channel);
            return new OnConnection(channel);
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel == null ? null : channel.pipeline();
            String codec = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;
            if (pipeline == null || pipeline.get(codec) == null) {
                return; // not an HTTP/1 connection
            }
            RequestDeadline deadline = new RequestDeadline(requestDeadline, answer);
            pipeline.addBefore(codec, RequestDeadline.BYTES_IN, deadline.bytesIn());
            pipeline.addAfter(codec, RequestDeadline.REQUESTS_OUT, deadline.requestsOut());
            pipeline.addAfter(RequestDeadline.REQUESTS_OUT, RequestHeadRefusal.NAME, new RequestHeadRefusal(answer));
        }
    }
}

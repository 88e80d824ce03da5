package dev.authservice.adapter.in.web;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;

/**
 * The guards that must act on the connection itself, below Micronaut's routing and filters, added to every HTTP/1
 * connection: {@link ConnectionsPerAddress}, {@link ConnectionDeadlines} and {@link RequestHeadRefusal}
 * (docs/security.md, "Connections").
 */
@Singleton
class HttpConnectionGuards implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final ConnectionLimits limits;
    private final ConnectionsPerAddress connections;
    private final RawErrorAnswer answer;

    HttpConnectionGuards(ConnectionLimits limits, TrustedProxies trustedProxies, JsonMapper json) {
        this.limits = limits;
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
            ConnectionDeadlines deadlines = new ConnectionDeadlines(limits, answer);
            pipeline.addBefore(codec, ConnectionDeadlines.BYTES_IN, deadlines.bytesIn());
            pipeline.addAfter(codec, ConnectionDeadlines.MESSAGES, deadlines.messages());
            pipeline.addAfter(ConnectionDeadlines.MESSAGES, RequestHeadRefusal.NAME, new RequestHeadRefusal(answer));
        }
    }
}

package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.adapter.in.web.edge.RawErrorAnswer;
import dev.authservice.adapter.in.web.edge.client.TrustedProxies;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import java.net.InetSocketAddress;

/**
 * The guards that must act on the connection itself, below Micronaut's routing and filters, added to every HTTP/1
 * connection: {@link ConnectionsInTotal} on the API's port only, {@link ConnectionsPerAddress},
 * {@link ConnectionDeadlines} and {@link RequestHeadRefusal} (docs/security.md, "Connections"). The connections the
 * limits refuse are counted by limit, and the open ones measured against the cap.
 */
@Singleton
class HttpConnectionGuards implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    static final String REFUSED = "auth.http.connections.refused";
    static final String OPEN = "auth.http.connections.open";

    private final ConnectionLimits limits;
    private final ConnectionsInTotal inTotal;
    private final ConnectionsPerAddress perAddress;
    private final Counter refusedOverTheCap;
    private final Counter refusedOverAnAddressLimit;
    private final RawErrorAnswer answer;
    /** Unknown until the server has started: until then every connection counts as the API's. */
    private volatile int apiPort = -1;

    HttpConnectionGuards(ConnectionLimits limits, TrustedProxies trustedProxies, JsonMapper json,
                         MeterRegistry registry) {
        this.limits = limits;
        this.inTotal = new ConnectionsInTotal(limits.maxConnections());
        this.perAddress = new ConnectionsPerAddress(limits.maxConnectionsPerAddress(), trustedProxies);
        this.answer = new RawErrorAnswer(json);
        this.refusedOverTheCap = refused(registry, "total");
        this.refusedOverAnAddressLimit = refused(registry, "per_address");
        Gauge.builder(OPEN, inTotal, ConnectionsInTotal::open)
                .description("Open connections on the API's port, which auth.http.max-connections caps")
                .register(registry);
    }

    private static Counter refused(MeterRegistry registry, String limit) {
        return Counter.builder(REFUSED)
                .description("Connections closed as they arrived because a connection limit was reached, by limit")
                .tag("reason", limit)
                .register(registry);
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new OnConnection(null));
        return event.getBean();
    }

    @EventListener
    void serverStarted(ServerStartupEvent started) {
        apiPort = started.getSource().getPort();
    }

    /** The management port is not capped, so that its probes are answered while the API's port is full. */
    private boolean onTheApiPort(Channel channel) {
        int port = apiPort;
        return port == -1 || channel.localAddress() instanceof InetSocketAddress local && local.getPort() == port;
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
            if (onTheApiPort(channel) && !inTotal.admit(channel)) {
                refusedOverTheCap.increment();
                channel.close();
            } else if (!perAddress.admit(channel)) {
                refusedOverAnAddressLimit.increment();
                channel.close();
            }
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

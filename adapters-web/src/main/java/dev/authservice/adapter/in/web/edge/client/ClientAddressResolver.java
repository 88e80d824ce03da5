package dev.authservice.adapter.in.web.edge.client;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.IpLiteral;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;

/**
 * The address a request comes from, as the login throttle, the session list and the audit trail know it: the peer of
 * the connection, or, when that is a {@link TrustedProxies trusted proxy}, the client it names in
 * {@code X-Forwarded-For}. With no trusted proxy (the default) forwarding headers are ignored: anyone can send them,
 * and trusting them would let an attacker escape the login throttle by changing them on every attempt.
 */
@Singleton
public class ClientAddressResolver {

    private static final String X_FORWARDED_FOR = "X-Forwarded-For";

    private final TrustedProxies proxies;

    ClientAddressResolver(TrustedProxies proxies) {
        this.proxies = proxies;
    }

    public ClientAddress of(HttpRequest<?> request) {
        InetSocketAddress remote = request.getRemoteAddress();
        InetAddress peer = remote.getAddress();
        if (peer == null) {
            return new ClientAddress(remote.getHostString());
        }
        if (!proxies.isTrusted(peer)) {
            return new ClientAddress(IpLiteral.format(peer));
        }
        return new ClientAddress(proxies.clientAddress(peer, forwardedFor(request)));
    }

    /** Every hop of every {@code X-Forwarded-For} header, in order: several headers read as one list. */
    private static List<String> forwardedFor(HttpRequest<?> request) {
        return request.getHeaders().getAll(X_FORWARDED_FOR).stream()
                .flatMap(header -> Arrays.stream(header.split(",")))
                .toList();
    }
}

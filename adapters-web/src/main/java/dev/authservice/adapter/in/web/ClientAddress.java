package dev.authservice.adapter.in.web;

import io.micronaut.http.HttpRequest;
import java.net.InetSocketAddress;

/**
 * The address a request comes from, as the login throttle and the session list know it: the peer of the connection.
 * Forwarding headers are deliberately ignored: anyone can send them, and trusting them would let an attacker escape
 * the login throttle by changing {@code X-Forwarded-For} on every attempt.
 */
final class ClientAddress {

    private ClientAddress() {
    }

    static String of(HttpRequest<?> request) {
        InetSocketAddress peer = request.getRemoteAddress();
        return peer.getAddress() != null ? peer.getAddress().getHostAddress() : peer.getHostString();
    }
}

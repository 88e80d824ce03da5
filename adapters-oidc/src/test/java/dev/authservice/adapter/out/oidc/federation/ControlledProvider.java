package dev.authservice.adapter.out.oidc.federation;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.application.federation.port.out.IdentityProviders.AuthorizationRequest;
import dev.authservice.application.federation.port.out.IdentityProviders.AuthorizationResponse;
import dev.authservice.application.federation.port.out.IdentityProviders.Exchange;
import dev.authservice.domain.federation.ProviderName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * An OpenID provider a test controls over real HTTP on loopback: its discovery document (with the client
 * authentication it lists), the keys its {@code jwks_uri} publishes (counted each time they are read, replaced at
 * will, as a rotation does), and its token endpoint, which keeps each request it gets and answers with the ID token
 * the test signed. What mock-oauth2-server cannot do: rotate its keys, count their reads, and show the token request.
 */
final class ControlledProvider implements AutoCloseable {

    /** A token request as it came: its form parameters and its {@code Authorization} header. */
    record TokenRequest(Map<String, String> form, Optional<String> authorization) {
    }

    private final HttpServer server;
    private final String issuer;
    private final AtomicReference<JWKSet> published = new AtomicReference<>(new JWKSet());
    private final AtomicInteger keySetReads = new AtomicInteger();
    private final AtomicReference<TokenRequest> lastTokenRequest = new AtomicReference<>();
    private final AtomicReference<String> nextIdToken = new AtomicReference<>();

    /** @param discoveryExtras members added to the discovery document, e.g. its client authentication methods */
    ControlledProvider(Map<String, List<String>> discoveryExtras) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/provider";
        String discovery = "{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + issuer + "/authorize\","
                + "\"token_endpoint\":\"" + issuer + "/token\",\"jwks_uri\":\"" + issuer + "/jwks\","
                + "\"response_types_supported\":[\"code\"],\"subject_types_supported\":[\"public\"],"
                + "\"id_token_signing_alg_values_supported\":[\"RS256\"]"
                + discoveryExtras.entrySet().stream().map(extra -> ",\"" + extra.getKey() + "\":["
                        + extra.getValue().stream().map(value -> "\"" + value + "\"").collect(Collectors.joining(","))
                        + "]").collect(Collectors.joining()) + "}";
        server.createContext("/provider/.well-known/openid-configuration", exchange -> answer(exchange, discovery));
        server.createContext("/provider/jwks", exchange -> {
            keySetReads.incrementAndGet();
            answer(exchange, published.get().toString());
        });
        server.createContext("/provider/token", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            lastTokenRequest.set(new TokenRequest(form(body),
                    Optional.ofNullable(exchange.getRequestHeaders().getFirst("Authorization"))));
            answer(exchange, "{\"access_token\":\"at\",\"token_type\":\"Bearer\",\"expires_in\":300,"
                    + "\"id_token\":\"" + nextIdToken.getAndSet(null) + "\"}");
        });
        server.start();
    }

    private static Map<String, String> form(String body) {
        return Arrays.stream(body.split("&")).map(pair -> pair.split("=", 2)).collect(Collectors.toMap(
                pair -> URLDecoder.decode(pair[0], StandardCharsets.UTF_8),
                pair -> URLDecoder.decode(pair[1], StandardCharsets.UTF_8)));
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    String issuer() {
        return issuer;
    }

    String tokenEndpoint() {
        return issuer + "/token";
    }

    /** From now on {@code jwks_uri} holds the public halves of {@code keys}, and no other. */
    void publish(JWK... keys) {
        published.set(new JWKSet(Arrays.stream(keys).map(JWK::toPublicJWK).toList()));
    }

    int keySetReads() {
        return keySetReads.get();
    }

    TokenRequest lastTokenRequest() {
        return lastTokenRequest.get();
    }

    private void answerNextSignedBy(RSAKey key, String audience, String nonce) {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(issuer).subject("alice").audience(audience)
                .claim("nonce", nonce).issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300)))
                .build();
        SignedJWT token = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                claims);
        try {
            token.sign(new RSASSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        nextIdToken.set(token.serialize());
    }

    /** A sign-in with {@code providers} whose code this provider redeems for an ID token signed by {@code key}. */
    Exchange signInWith(IdentityProviders providers, ProviderName name, String clientId, RSAKey key) {
        AuthorizationRequest request = new AuthorizationRequest(random(), random(), random() + random());
        answerNextSignedBy(key, clientId, request.nonce());
        return providers.exchange(name, new AuthorizationResponse(Optional.of(random()), Optional.empty(),
                Optional.empty()), request);
    }

    private static String random() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    static RSAKey newSigningKey() {
        try {
            return new RSAKeyGenerator(2048).keyID(UUID.randomUUID().toString()).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

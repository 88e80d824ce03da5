package dev.authservice.benchmarks.service;

import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.adapter.out.crypto.session.JwtKeySet;
import dev.authservice.adapter.out.crypto.session.JwtSecret;
import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Requests of the cold profile run: {@code GET /api/user/profile}, each with an access token the service has never
 * seen, so that none is in its verified-token cache and every one costs a signature verification. Logging in tens of
 * thousands of times would take minutes of password hashing, so the tokens are signed here, with the service's own
 * codec and key: the HS256 secret the benchmark gives it, or the key pair it made under its working directory in
 * {@code dev}. Each token is alice's, in a session of its own that nobody revoked, valid for 15 minutes.
 */
public final class ColdTokens {

    private static final Duration TTL = Duration.ofMinutes(15);

    private final JwtAccessTokenCodec codec;
    private final String hostHeader;
    private final AtomicLong next = new AtomicLong();
    private volatile byte[][] requests = new byte[0][];

    private ColdTokens(JwtAccessTokenCodec codec, String hostHeader) {
        this.codec = codec;
        this.hostHeader = hostHeader;
    }

    /** Tokens as the service started in {@code serviceDirectory} with {@code algorithm} signs them. */
    public static ColdTokens of(JwtAlgorithm algorithm, Path serviceDirectory, String hostHeader) throws IOException {
        if (!algorithm.isAsymmetric()) {
            return new ColdTokens(new JwtAccessTokenCodec(JwtSecret.fromText(ServiceProcess.JWT_SECRET)), hostHeader);
        }
        Path key = serviceDirectory.resolve("data/jwt-" + algorithm.name().toLowerCase(Locale.ROOT)
                + "-signing-key.pem");
        return new ColdTokens(new JwtAccessTokenCodec(new JwtKeySet(
                JwtKey.signingKeyFromPem(algorithm, Files.readString(key)), List.of())), hostHeader);
    }

    /** Replaces the requests with {@code count} new ones, signed on every core; the run takes them in order. */
    public void mint(int count) {
        Instant now = Instant.now();
        requests = IntStream.range(0, count).parallel()
                .mapToObj(i -> HttpConnection.request("GET", "/api/user/profile", hostHeader, null,
                        "Authorization: Bearer " + codec.encode(token(now))))
                .toArray(byte[][]::new);
        next.set(0);
    }

    /** The next request; after the last one the first comes again, counted by {@link #reused()}. */
    byte[] next() {
        byte[][] all = requests;
        return all[(int) (next.getAndIncrement() % all.length)];
    }

    /** How many requests since the last {@link #mint} carried a token already sent. */
    public long reused() {
        return Math.max(0, next.get() - requests.length);
    }

    private static AccessToken token(Instant now) {
        return new AccessToken(UUID.randomUUID().toString(), "auth-service", new Username(DemoUser.USERNAME),
                new UserId(UUID.randomUUID()), new SessionId(UUID.randomUUID()), Set.of(Role.USER), "Alice",
                "Benchmarks", now, now, now.plus(TTL), AuthenticationMethods.PASSWORD, now);
    }
}

package dev.authservice.benchmarks.jmh;

import dev.authservice.adapter.out.crypto.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.JwtSecret;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot pure functions of a request, one thread, no I/O: what a Bearer check, a login and a refresh spend on their
 * tokens. {@code java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main} runs them (docs/benchmarks).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class TokenBenchmarks {

    private static final Instant NOW = Instant.parse("2026-11-22T08:00:00Z");
    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30),
            "auth-service", Duration.ofSeconds(30));

    private final JwtAccessTokenCodec codec = new JwtAccessTokenCodec(
            JwtSecret.fromText("benchmark-secret-that-is-at-least-32-bytes-long"));
    private final UserAccount alice = new UserAccount(new UserId(UUID.randomUUID()), new Username("alice"),
            new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"), Set.of(Role.USER), "Alice", "Sales",
            NOW, true);
    private final AccessToken accessToken = AccessToken.issue(UUID.randomUUID().toString(), alice,
            new SessionId(UUID.randomUUID()), NOW, POLICY);
    private final String signed = codec.encode(accessToken);
    /** 43 characters of URL-safe Base64, like SecureRandomSource's 32 random bytes. */
    private final String refreshTokenValue = "x5RJ5UeXq2m0T2b3wq8Vn7yDk1fLp9cZaHs4Gt6JiKo";
    private final RefreshTokenHash successorHash = RefreshTokenHash.of("successor-" + refreshTokenValue);
    private final Session session = Session.start(new SessionId(UUID.randomUUID()), alice.id(), NOW, null, null);
    private final Optional<RefreshToken.Found> found = Optional.of(new RefreshToken.Found(
            RefreshToken.issue(RefreshTokenHash.of(refreshTokenValue), session, NOW, POLICY), session, alice));

    /** Login and refresh: one HS256 access token, claims to compact JWS. */
    @Benchmark
    public String signAccessToken() {
        return codec.encode(accessToken);
    }

    /** Every protected request: parse, check the header, verify the MAC, read the claims. */
    @Benchmark
    public Optional<AccessToken> verifyAccessToken() {
        return codec.decode(signed);
    }

    /** Every refresh (the presented token) and every login or refresh (the new one): SHA-256, hex. */
    @Benchmark
    public RefreshTokenHash hashRefreshToken() {
        return RefreshTokenHash.of(refreshTokenValue);
    }

    /** The domain's decision on a presented token: here, its rotation into its successor. */
    @Benchmark
    public RefreshToken.Decision presentAndRotate() {
        return RefreshToken.Presentation.of(found.get().token().hash(), successorHash, NOW, POLICY).decide(found);
    }
}

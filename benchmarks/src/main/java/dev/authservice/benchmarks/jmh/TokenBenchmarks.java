package dev.authservice.benchmarks.jmh;

import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.adapter.out.crypto.session.JwtKeySet;
import dev.authservice.adapter.out.crypto.session.JwtSecret;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.session.TokenRecord;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot pure functions of a request, one thread, no I/O: what a Bearer check, a login and a refresh spend on their
 * tokens. {@code java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main} runs them (docs/benchmarks). Signing
 * and verifying an access token run once per {@code auth.jwt.algorithm} ({@link Codec}'s {@code algorithm}
 * parameter, {@code -p algorithm=ES256} for one); the refresh-token benchmarks do not depend on it and run once.
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
            "auth-service", Duration.ofSeconds(30), Duration.ofDays(90), Duration.ZERO);

    private static final UserAccount ALICE = new UserAccount(new UserId(UUID.randomUUID()), new Username("alice"),
            new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"), Set.of(Role.USER), "Alice", "Sales",
            NOW, true);
    private static final AccessToken ACCESS_TOKEN = AccessToken.issue(UUID.randomUUID().toString(), ALICE,
            Session.start(new SessionId(UUID.randomUUID()), ALICE.id(), NOW, POLICY, null, null), NOW, POLICY);

    /**
     * The service's codec for one algorithm, as bootstrap configures it: HS256 with a secret, the others with a key
     * set of one signing key, generated as the development environment does ({@link JwtKey#generatePem}; RSA 2048
     * bits), and a token it signed.
     */
    @State(Scope.Benchmark)
    public static class Codec {

        @Param({"HS256", "ES256", "EdDSA", "RS256"})
        public JwtAlgorithm algorithm;

        JwtAccessTokenCodec codec;
        /** In a field, not a constant, so the JIT cannot fold anything of it into the benchmark. */
        AccessToken token = ACCESS_TOKEN;
        String signed;

        @Setup
        public void setUp() {
            codec = algorithm.isAsymmetric()
                    ? new JwtAccessTokenCodec(new JwtKeySet(
                            JwtKey.signingKeyFromPem(algorithm, JwtKey.generatePem(algorithm)), List.of()))
                    : new JwtAccessTokenCodec(JwtSecret.fromText("2aM2rpHCJQR4Mtqh2D4pHg37w25kl2H5oAw6JvZRIEA="));
            signed = codec.encode(token);
            if (codec.decode(signed).isEmpty()) {
                throw new IllegalStateException(algorithm + ": the codec does not verify its own token");
            }
        }
    }

    /** 43 characters of URL-safe Base64, like SecureRandomSource's 32 random bytes. */
    private final String refreshTokenValue = "x5RJ5UeXq2m0T2b3wq8Vn7yDk1fLp9cZaHs4Gt6JiKo";
    private final RefreshTokenHash successorHash = RefreshTokenHash.of("successor-" + refreshTokenValue);
    private final Session session = Session.start(new SessionId(UUID.randomUUID()), ALICE.id(), NOW, POLICY, null,
            null);
    private final Optional<TokenRecord> found = Optional.of(new TokenRecord(
            RefreshToken.issue(RefreshTokenHash.of(refreshTokenValue), session, NOW, POLICY), session, ALICE));

    /** Login and refresh: one access token, claims to compact JWS, signed with the algorithm's key. */
    @Benchmark
    public String signAccessToken(Codec codec) {
        return codec.codec.encode(codec.token);
    }

    /**
     * Every protected request that verifies its token: parse, check the header and {@code kid}, verify the signature
     * (HS256: the MAC), read the claims.
     */
    @Benchmark
    public Optional<AccessToken> verifyAccessToken(Codec codec) {
        return codec.codec.decode(codec.signed);
    }

    /** Every refresh (the presented token) and every login or refresh (the new one): SHA-256, hex. */
    @Benchmark
    public RefreshTokenHash hashRefreshToken() {
        return RefreshTokenHash.of(refreshTokenValue);
    }

    /** The domain's decision on a presented token: here, its rotation into its successor. */
    @Benchmark
    public Decision presentAndRotate() {
        return RefreshAttempt.of(found.get().token().hash(), successorHash, NOW, POLICY).decide(found);
    }
}

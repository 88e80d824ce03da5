package dev.authservice.adapter.out.crypto.session;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.domain.Require;
import dev.authservice.domain.session.AccessToken;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Remembers the tokens whose signature {@code codec} has verified, so that a client presenting its token again does
 * not pay for the signature again: tens of microseconds with ES256, EdDSA or RS256, a few with HS256.
 * <ul>
 *   <li>Keyed by the SHA-256 of the whole token, header, claims and signature: a copy changed anywhere, or another
 *       token of the same claims, is another key and is verified as any new token is. Looking a key up reveals nothing
 *       of a token by its timing.</li>
 *   <li>Only verified tokens are remembered, never a refusal, and never past their own {@code exp}.</li>
 *   <li>Bounded to {@code maximumSize} tokens, at most {@link #MAX_SIZE}; the least useful go first.</li>
 *   <li>It answers what {@link #decode} would: the caller still judges the token in time and still asks the deny-list
 *       on every request.</li>
 * </ul>
 */
public final class VerifiedTokenCache implements AccessTokenCodec {

    /**
     * The most tokens it may be asked to remember: 16,384, four times the default, about 12 MiB (some 0.75 KiB a
     * token), a fifth of the heap the launcher gives the service. Anyone with a session can fill it, since every
     * refresh makes a new token to present, so it must fit the heap whatever clients do; a token it could not keep
     * costs one verification more, tens of microseconds.
     */
    private static final int MAX_SIZE = 16_384;

    private static final MessageDigest SHA_256;

    static {
        try {
            SHA_256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private final AccessTokenCodec codec;
    private final Clock clock;
    private final Cache<Digest, AccessToken> verified;

    public VerifiedTokenCache(AccessTokenCodec codec, int maximumSize, Clock clock) {
        this(codec, maximumSize, clock, Ticker.systemTicker());
    }

    /** With the cache's own time given, for tests. */
    VerifiedTokenCache(AccessTokenCodec codec, int maximumSize, Clock clock, Ticker ticker) {
        Require.atLeast("maximumSize", maximumSize, 1);
        Require.atMost("maximumSize", maximumSize, MAX_SIZE);
        this.codec = codec;
        this.clock = clock;
        // Housekeeping runs on the reading thread (never waiting: a read only tries the lock). Handed to the common
        // pool, it woke a pool thread over and over under load, which cost more than the housekeeping itself
        // (docs/benchmarks/history.md, "A lighter protected read").
        this.verified = Caffeine.newBuilder().maximumSize(maximumSize).ticker(ticker).executor(Runnable::run)
                .expireAfter(new UntilExpiry(clock)).build();
    }

    @Override
    public String encode(AccessToken token) {
        return codec.encode(token);
    }

    @Override
    public Optional<AccessToken> decode(String token) {
        if (token == null) {
            return Optional.empty();
        }
        Digest key = Digest.of(token);
        AccessToken known = verified.getIfPresent(key);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<AccessToken> decoded = codec.decode(token);
        decoded.filter(claims -> claims.expiresAt().isAfter(clock.instant()))
                .ifPresent(claims -> verified.put(key, claims));
        return decoded;
    }

    /** How many tokens are remembered now; an estimate while others read and write. */
    long size() {
        verified.cleanUp();
        return verified.estimatedSize();
    }

    /** SHA-256, as four longs: no array to allocate and compare, and records' equality. */
    private record Digest(long first, long second, long third, long fourth) {

        static Digest of(String token) {
            MessageDigest sha256;
            try {
                sha256 = (MessageDigest) SHA_256.clone(); // far cheaper than a provider lookup per request
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("the JDK's SHA-256 is cloneable", e);
            }
            ByteBuffer digest = ByteBuffer.wrap(sha256.digest(token.getBytes(StandardCharsets.UTF_8)));
            return new Digest(digest.getLong(), digest.getLong(), digest.getLong(), digest.getLong());
        }
    }

    /**
     * An entry lives until the token's own {@code exp}, and at most a day (an access token lives minutes; the bound
     * only keeps the arithmetic in range).
     */
    private record UntilExpiry(Clock clock) implements Expiry<Digest, AccessToken> {

        private static final Duration LONGEST = Duration.ofDays(1);

        @Override
        public long expireAfterCreate(Digest key, AccessToken token, long currentTime) {
            Duration left = Duration.between(clock.instant(), token.expiresAt());
            return left.isNegative() ? 0 : (left.compareTo(LONGEST) > 0 ? LONGEST : left).toNanos();
        }

        @Override
        public long expireAfterUpdate(Digest key, AccessToken token, long currentTime, long currentDuration) {
            return expireAfterCreate(key, token, currentTime);
        }

        @Override
        public long expireAfterRead(Digest key, AccessToken token, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }
}

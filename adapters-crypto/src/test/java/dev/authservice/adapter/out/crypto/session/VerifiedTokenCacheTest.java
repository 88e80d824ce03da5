package dev.authservice.adapter.out.crypto.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A token's signature is verified once; after that the cache answers exactly what the codec answered. */
class VerifiedTokenCacheTest {

    private static final Instant START = Instant.parse("2030-01-01T12:00:00Z");
    private static final JwtAccessTokenCodec ES256 = new JwtAccessTokenCodec(
            new JwtKeySet(JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, JwtKey.generatePem(JwtAlgorithm.ES256)), List.of()));

    private final Time time = new Time();
    private final CountingCodec codec = new CountingCodec(ES256);
    private final VerifiedTokenCache cache = new VerifiedTokenCache(codec, 100, time, time::nanos);

    @Test
    void aTokenPresentedAgainIsNotVerifiedAgain() {
        AccessToken claims = tokenExpiringIn(Duration.ofMinutes(15));
        String token = ES256.encode(claims);

        assertEquals(Optional.of(claims), cache.decode(token));
        assertEquals(Optional.of(claims), cache.decode(token));
        assertEquals(Optional.of(claims), cache.decode(new String(token.toCharArray()))); // equal, not the same object

        assertEquals(1, codec.decodes);
    }

    @Test
    void aCopyChangedAnywhereIsVerifiedAndRefusedAlthoughTheOriginalIsKnown() {
        String token = ES256.encode(tokenExpiringIn(Duration.ofMinutes(15)));
        cache.decode(token);

        for (int i = 0; i < token.length(); i += 7) {
            char changed = token.charAt(i) == 'A' ? 'B' : 'A';
            String tampered = token.substring(0, i) + changed + token.substring(i + 1);
            assertEquals(Optional.empty(), cache.decode(tampered), "changed at " + i);
        }
        assertEquals(Optional.empty(), cache.decode(token + "A"));
        assertEquals(Optional.empty(), cache.decode(token.substring(0, token.length() - 1)));
        assertEquals(1 + (token.length() + 6) / 7 + 2, codec.decodes);
    }

    @Test
    void aRefusalIsNeverRemembered() {
        String forged = new JwtAccessTokenCodec(new JwtKeySet(
                JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, JwtKey.generatePem(JwtAlgorithm.ES256)), List.of()))
                .encode(tokenExpiringIn(Duration.ofMinutes(15)));

        assertEquals(Optional.empty(), cache.decode(forged));
        assertEquals(Optional.empty(), cache.decode(forged));
        assertEquals(Optional.empty(), cache.decode(null));

        assertEquals(2, codec.decodes);
        assertEquals(0, cache.size());
    }

    @Test
    void aTokenIsForgottenWhenItExpires() {
        String token = ES256.encode(tokenExpiringIn(Duration.ofMinutes(15)));
        cache.decode(token);

        time.advance(Duration.ofMinutes(15).minusNanos(1));
        cache.decode(token);
        assertEquals(1, codec.decodes);

        time.advance(Duration.ofNanos(1));
        cache.decode(token);
        assertEquals(2, codec.decodes);
    }

    @Test
    void aTokenAlreadyExpiredIsNotKept() {
        AccessToken expired = tokenExpiringIn(Duration.ofSeconds(-1));
        String token = ES256.encode(expired);

        assertEquals(Optional.of(expired), cache.decode(token)); // judging it in time is the caller's part
        assertEquals(Optional.of(expired), cache.decode(token));

        assertEquals(2, codec.decodes);
        assertEquals(0, cache.size());
    }

    @Test
    void itHoldsNoMoreThanItsBound() {
        VerifiedTokenCache small = new VerifiedTokenCache(codec, 10, time, time::nanos);

        for (int i = 0; i < 50; i++) {
            small.decode(ES256.encode(tokenExpiringIn(Duration.ofMinutes(15))));
        }

        assertTrue(small.size() <= 10, "holds " + small.size());
    }

    @Test
    void encodingIsTheCodecs() {
        AccessToken claims = tokenExpiringIn(Duration.ofMinutes(15));

        assertEquals(Optional.of(claims), ES256.decode(cache.encode(claims)));
        assertEquals(0, cache.size()); // only what is presented and verified is kept
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new VerifiedTokenCache(codec, 0, time));
    }

    private AccessToken tokenExpiringIn(Duration left) {
        Instant now = time.instant();
        Instant issued = now.minus(Duration.ofMinutes(1));
        return new AccessToken(UUID.randomUUID().toString(), "auth-service", new Username("alice"),
                new UserId(UUID.randomUUID()), new SessionId(UUID.randomUUID()), Set.of(Role.USER), "Alice", "Sales",
                issued, issued, now.plus(left), AuthenticationMethods.PASSWORD, issued);
    }

    /** One time for the clock that dates tokens and for the cache's own ticker. */
    private static final class Time extends Clock {

        private final AtomicLong nanos = new AtomicLong();

        long nanos() {
            return nanos.get();
        }

        void advance(Duration duration) {
            nanos.addAndGet(duration.toNanos());
        }

        @Override
        public Instant instant() {
            return START.plusNanos(nanos.get());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    private static final class CountingCodec implements AccessTokenCodec {

        private final AccessTokenCodec codec;
        private int decodes;

        CountingCodec(AccessTokenCodec codec) {
            this.codec = codec;
        }

        @Override
        public String encode(AccessToken token) {
            return codec.encode(token);
        }

        @Override
        public Optional<AccessToken> decode(String token) {
            decodes++;
            return codec.decode(token);
        }
    }
}

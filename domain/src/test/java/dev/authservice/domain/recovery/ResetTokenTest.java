package dev.authservice.domain.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.recovery.Redemption.Refusal;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ResetTokenTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");
    private static final PasswordHash HASH = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
    private static final PasswordFingerprint ISSUED_UNDER = PasswordFingerprint.of(HASH);
    private static final ResetToken TOKEN = ResetToken.issue(ResetTokenHash.of("token"),
            new UserId(UUID.randomUUID()), ISSUED_UNDER, NOW, ResetTokenPolicy.defaults());

    @Test
    void aLiveTokenOfTheCurrentPasswordIsAcceptedOnceAndMarkedUsed() {
        Redemption redemption = TOKEN.redeem(NOW.plusSeconds(60), ISSUED_UNDER);
        ResetToken used = redemption.match(Redemption.Accepted::used, refused -> null);
        assertEquals(ResetToken.State.USED, used.state());
        assertEquals(Optional.of(Refusal.USED), refusal(used.redeem(NOW.plusSeconds(61), ISSUED_UNDER)));
    }

    @Test
    void aSupersededTokenIsRefused() {
        ResetToken superseded = new ResetToken(TOKEN.hash(), TOKEN.userId(), ISSUED_UNDER, NOW, TOKEN.expiresAt(),
                ResetToken.State.SUPERSEDED);
        assertEquals(Optional.of(Refusal.SUPERSEDED), refusal(superseded.redeem(NOW, ISSUED_UNDER)));
    }

    @Test
    void aTokenIssuedUnderAnotherPasswordIsRefused() {
        PasswordFingerprint changed = PasswordFingerprint.of(new PasswordHash(HASH.encoded() + "x"));
        assertEquals(Optional.of(Refusal.PASSWORD_CHANGED), refusal(TOKEN.redeem(NOW, changed)));
    }

    @Test
    void anUnknownTokenIsRefused() {
        assertEquals(Optional.of(Refusal.UNKNOWN), refusal(ResetToken.unknown()));
    }

    @Test
    void aTokenExpiresAfterTheLifetime() {
        assertEquals(NOW.plus(Duration.ofMinutes(30)), TOKEN.expiresAt());
    }

    @Test
    void theLifetimeHasACeiling() {
        assertThrows(InvalidValueException.class, () -> new ResetTokenPolicy(Duration.ofDays(1).plusSeconds(1)));
        assertThrows(InvalidValueException.class, () -> new ResetTokenPolicy(Duration.ZERO));
    }

    @Test
    void aPresentedTokenNamesNothingWhenEmptyOrOverLong() {
        assertTrue(ResetTokenHash.ofPresented("").isEmpty());
        assertTrue(ResetTokenHash.ofPresented("a".repeat(ResetTokenHash.MAX_PRESENTED_LENGTH + 1)).isEmpty());
        assertEquals(Optional.of(ResetTokenHash.of("t")), ResetTokenHash.ofPresented("t"));
    }

    /** Good up to the nanosecond before it expires, refused from that nanosecond on. */
    @Property
    void expiryIsExactToTheNanosecond(@ForAll @LongRange(min = 0, max = 3_600_000_000_000L) long nanos) {
        Instant at = NOW.plusNanos(nanos);
        Optional<Refusal> refusal = refusal(TOKEN.redeem(at, ISSUED_UNDER));
        assertEquals(at.isBefore(TOKEN.expiresAt()) ? Optional.empty() : Optional.of(Refusal.EXPIRED), refusal);
    }

    private static Optional<Refusal> refusal(Redemption redemption) {
        return redemption.match(accepted -> Optional.empty(), refused -> Optional.of(refused.refusal()));
    }
}

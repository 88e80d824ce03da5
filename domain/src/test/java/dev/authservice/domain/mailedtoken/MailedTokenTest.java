package dev.authservice.domain.mailedtoken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken.Purpose;
import dev.authservice.domain.mailedtoken.Redemption.Refusal;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.EmailVerificationPolicy;
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

class MailedTokenTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");
    private static final PasswordHash HASH = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
    private static final TokenFingerprint ISSUED_UNDER = TokenFingerprint.ofPassword(HASH);
    private static final MailedToken TOKEN = MailedToken.issue(MailedTokenHash.of("token"), Purpose.PASSWORD_RESET,
            new UserId(UUID.randomUUID()), ISSUED_UNDER, NOW, ResetTokenPolicy.defaults().lifetime());
    private static final EmailAddress ADDRESS = new EmailAddress("Alice@Example.COM");
    private static final MailedToken VERIFICATION = MailedToken.issue(MailedTokenHash.of("verify"),
            Purpose.EMAIL_VERIFICATION, new UserId(UUID.randomUUID()), TokenFingerprint.ofAddress(ADDRESS), NOW,
            EmailVerificationPolicy.defaults().lifetime());

    @Test
    void aLiveTokenOfTheCurrentPasswordIsAcceptedOnceAndMarkedUsed() {
        Redemption redemption = TOKEN.redeem(NOW.plusSeconds(60), ISSUED_UNDER);
        MailedToken used = redemption.match(Redemption.Accepted::used, refused -> null);
        assertEquals(MailedToken.State.USED, used.state());
        assertEquals(Optional.of(Refusal.USED), refusal(used.redeem(NOW.plusSeconds(61), ISSUED_UNDER)));
    }

    @Test
    void aSupersededTokenIsRefused() {
        MailedToken superseded = TOKEN.with(MailedToken.State.SUPERSEDED);
        assertEquals(Optional.of(Refusal.SUPERSEDED), refusal(superseded.redeem(NOW, ISSUED_UNDER)));
    }

    @Test
    void aTokenIssuedUnderAnotherPasswordIsRefused() {
        TokenFingerprint changed = TokenFingerprint.ofPassword(new PasswordHash(HASH.encoded() + "x"));
        assertEquals(Optional.of(Refusal.FINGERPRINT_CHANGED), refusal(TOKEN.redeem(NOW, changed)));
    }

    @Test
    void aVerificationIsGoodForTheMailboxItWasIssuedForHoweverItIsWrittenNow() {
        assertEquals(Optional.empty(), refusal(VERIFICATION.redeem(NOW,
                TokenFingerprint.ofAddress(new EmailAddress("Alice@example.com")))));
        assertEquals(Optional.of(Refusal.FINGERPRINT_CHANGED), refusal(VERIFICATION.redeem(NOW,
                TokenFingerprint.ofAddress(new EmailAddress("alice@example.com")))));
        assertEquals(Optional.of(Refusal.FINGERPRINT_CHANGED), refusal(VERIFICATION.redeem(NOW,
                TokenFingerprint.ofAddress(new EmailAddress("mallory@example.com")))));
    }

    @Test
    void anUnknownTokenIsRefused() {
        assertEquals(Optional.of(Refusal.UNKNOWN), refusal(MailedToken.unknown()));
    }

    @Test
    void aTokenExpiresAfterItsPurposesLifetime() {
        assertEquals(NOW.plus(Duration.ofMinutes(30)), TOKEN.expiresAt());
        assertEquals(NOW.plus(Duration.ofHours(24)), VERIFICATION.expiresAt());
    }

    @Test
    void theLifetimesHaveACeiling() {
        assertThrows(InvalidValueException.class, () -> new ResetTokenPolicy(Duration.ofDays(1).plusSeconds(1)));
        assertThrows(InvalidValueException.class, () -> new ResetTokenPolicy(Duration.ZERO));
        assertThrows(InvalidValueException.class,
                () -> new EmailVerificationPolicy(Duration.ofDays(1).plusSeconds(1)));
        assertThrows(InvalidValueException.class, () -> new EmailVerificationPolicy(Duration.ZERO));
    }

    @Test
    void aPresentedTokenNamesNothingWhenEmptyOrOverLong() {
        assertTrue(MailedTokenHash.ofPresented("").isEmpty());
        assertTrue(MailedTokenHash.ofPresented("a".repeat(Sha256.MAX_PRESENTED_LENGTH + 1)).isEmpty());
        assertEquals(Optional.of(MailedTokenHash.of("t")), MailedTokenHash.ofPresented("t"));
    }

    /** Good up to the nanosecond before it expires, refused from that nanosecond on. */
    @Property
    void expiryIsExactToTheNanosecond(@ForAll @LongRange(min = 0, max = 3_600_000_000_000L) long nanos) {
        Instant at = NOW.plusNanos(nanos);
        Optional<Refusal> refusal = refusal(TOKEN.redeem(at, ISSUED_UNDER));
        assertEquals(at.isBefore(TOKEN.expiresAt()) ? Optional.empty() : Optional.of(Refusal.EXPIRED), refusal);
    }

    /**
     * The drawing's order, for any token of either purpose: a used or superseded one is refused for that whatever
     * else holds; a live one expires before its fingerprint is asked; only a live, unexpired one of the current
     * fingerprint is accepted, and then used.
     */
    @Property
    void theDrawingsOrderHoldsForEveryState(@ForAll MailedToken.State state, @ForAll Purpose purpose,
                                             @ForAll @LongRange(min = 0, max = 172_800) long seconds,
                                             @ForAll boolean sameFingerprint) {
        MailedToken token = MailedToken.issue(MailedTokenHash.of("t"), purpose, new UserId(UUID.randomUUID()),
                ISSUED_UNDER, NOW, Duration.ofHours(1)).with(state);
        Instant at = NOW.plusSeconds(seconds);
        TokenFingerprint current = sameFingerprint ? ISSUED_UNDER
                : TokenFingerprint.ofAddress(new EmailAddress("other@example.com"));
        Optional<Refusal> expected = switch (state) {
            case USED -> Optional.of(Refusal.USED);
            case SUPERSEDED -> Optional.of(Refusal.SUPERSEDED);
            case LIVE -> !at.isBefore(token.expiresAt()) ? Optional.of(Refusal.EXPIRED)
                    : sameFingerprint ? Optional.empty() : Optional.of(Refusal.FINGERPRINT_CHANGED);
        };
        Redemption redemption = token.redeem(at, current);
        assertEquals(expected, refusal(redemption));
        redemption.match(accepted -> {
            assertEquals(token.with(MailedToken.State.USED), accepted.used());
            return null;
        }, refused -> null);
    }

    private static Optional<Refusal> refusal(Redemption redemption) {
        return redemption.match(accepted -> Optional.empty(), refused -> Optional.of(refused.refusal()));
    }
}

package dev.authservice.domain.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ResetRequestLimitTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");
    private static final ResetRequestLimit LIMIT = ResetRequestLimit.defaults();

    @Test
    void theThirdRequestOfAnHourIsTheLastForOneIdentifier() {
        List<Instant> two = List.of(NOW.minusSeconds(600), NOW.minusSeconds(300));
        assertEquals(Optional.empty(), LIMIT.waitBefore(NOW, two, two));
        List<Instant> three = List.of(NOW.minusSeconds(900), NOW.minusSeconds(600), NOW.minusSeconds(300));
        assertEquals(Optional.of(Duration.ofMinutes(45)), LIMIT.waitBefore(NOW, three, three));
    }

    @Test
    void oneAddressIsHeldBackAcrossIdentifiers() {
        List<Instant> ten = IntStream.range(0, 10).mapToObj(i -> NOW.minusSeconds(60L * (i + 1))).toList();
        assertEquals(Optional.of(Duration.ofMinutes(50)), LIMIT.waitBefore(NOW, List.of(), ten));
    }

    @Test
    void limitsOutOfRangeAreRefused() {
        assertThrows(InvalidValueException.class, () -> new ResetRequestLimit(0, 10, Duration.ofHours(1)));
        assertThrows(InvalidValueException.class, () -> new ResetRequestLimit(5, 4, Duration.ofHours(1)));
        assertThrows(InvalidValueException.class, () -> new ResetRequestLimit(3, 10, Duration.ofDays(2)));
        assertThrows(InvalidValueException.class,
                () -> new ResetRequestLimit(ResetRequestLimit.MAX_PER_ACCOUNT + 1, 10_000, Duration.ofHours(1)));
    }

    @Test
    void twoSpellingsOfOneMailboxAreOneKeyAndNoKeyHoldsTheIdentifier() {
        ClientAddress client = new ClientAddress("2001:db8::1");
        ResetRequestKey one = ResetRequestKey.of(new EmailAddress("alice@Example.COM"), client);
        assertEquals(one, ResetRequestKey.of(new EmailAddress("alice@example.com"),
                new ClientAddress("2001:db8::2")));
        assertTrue(!one.identifier().contains("alice"));
        assertTrue(!one.identifier().equals(ResetRequestKey.of(new Username("alice"), client).identifier()));
    }

    @Test
    void aSignUpLinkAskedAgainIsCountedApartFromAResetAndUnderTheMailboxHoweverItIsWritten() {
        ClientAddress client = new ClientAddress("2001:db8::1");
        AccountIdentifier alice = new AccountIdentifier.ByUsername(new Username("alice"));
        AccountIdentifier mailbox = new AccountIdentifier.ByEmail(new EmailAddress("alice@Example.COM"));
        assertEquals(ResetRequestKey.of(new Username("alice"), client), ResetRequestKey.of(alice, client));
        assertNotEquals(ResetRequestKey.of(alice, client), ResetRequestKey.ofSignUpMail(alice, client));
        assertEquals(ResetRequestKey.ofSignUpMail(mailbox, client), ResetRequestKey.ofSignUpMail(
                new AccountIdentifier.ByEmail(new EmailAddress("alice@example.com")), client));
        assertNotEquals(ResetRequestKey.ofSignUpMail(mailbox, client), ResetRequestKey.ofSignUpMail(alice, client));
    }

    /** With fewer than the limit in the window a request goes ahead; at the limit it waits exactly until one ages out. */
    @Property
    void aRequestWaitsExactlyUntilTheOldestCountedLeavesTheWindow(
            @ForAll @IntRange(min = 1, max = 20) int perAccount,
            @ForAll @IntRange(min = 0, max = 25) int earlier,
            @ForAll @LongRange(min = 1, max = 3_600) long spacingSeconds) {
        ResetRequestLimit limit = new ResetRequestLimit(perAccount, 10_000, Duration.ofHours(1));
        List<Instant> requests = IntStream.range(0, earlier)
                .mapToObj(i -> NOW.minusSeconds(spacingSeconds * (i + 1) % 7_200)).toList();
        List<Instant> inWindow = requests.stream().filter(limit.windowStart(NOW)::isBefore).sorted().toList();
        Optional<Duration> wait = limit.waitBefore(NOW, requests, Collections.emptyList());
        if (inWindow.size() < perAccount) {
            assertEquals(Optional.empty(), wait);
        } else {
            Instant freeAt = inWindow.get(inWindow.size() - perAccount).plus(limit.window());
            assertEquals(Optional.of(Duration.between(NOW, freeAt)), wait);
            assertTrue(wait.get().compareTo(Duration.ZERO) > 0 && wait.get().compareTo(limit.window()) <= 0);
            List<Instant> later = inWindow.stream().filter(freeAt::isBefore).toList();
            assertEquals(Optional.empty(), limit.waitBefore(freeAt, requests, later),
                    "at the moment the wait ends, the request goes ahead");
        }
    }
}

package dev.authservice.domain.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PendingLoginTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final UserId ALICE = new UserId(UUID.fromString("00000000-0000-0000-0000-00000000a11c"));
    private static final LoginTicketHash TICKET = LoginTicketHash.of("ticket");
    private static final PasswordHash CHECKED = new PasswordHash("$argon2id$alice");
    private static final SecondFactorPolicy POLICY = SecondFactorPolicy.defaults();

    private final PendingLogin.Open open = PendingLogin.begin(TICKET, ALICE, CHECKED, NOW, POLICY);

    @Test
    void beginsOpenForThePolicysTimeWithNoWrongCode() {
        assertEquals(new PendingLogin.Open(TICKET, ALICE, CHECKED, NOW, NOW.plus(Duration.ofMinutes(5)), 0), open);
    }

    @Test
    void anOpenOneInTimeIsUsable() {
        assertEquals(new PendingLogin.Decision.Usable(open),
                PendingLogin.present(Optional.of(open), NOW.plus(Duration.ofMinutes(5)).minusMillis(1)));
    }

    @Test
    void anOpenOneIsRefusedFromItsExpiry() {
        assertEquals(new PendingLogin.Decision.Refused(PendingLogin.Refusal.EXPIRED),
                PendingLogin.present(Optional.of(open), open.expiresAt()));
    }

    @Test
    void anUnknownTicketIsRefused() {
        assertEquals(new PendingLogin.Decision.Refused(PendingLogin.Refusal.UNKNOWN),
                PendingLogin.present(Optional.empty(), NOW));
    }

    @Test
    void aRightCodeCompletesItOnce() {
        PendingLogin.Completed completed = open.complete(SecondFactorMethod.TOTP, NOW.plusSeconds(10));
        assertEquals(new PendingLogin.Completed(TICKET, ALICE, CHECKED, NOW, open.expiresAt(), SecondFactorMethod.TOTP,
                NOW.plusSeconds(10)), completed);
        assertEquals(new PendingLogin.Decision.Refused(PendingLogin.Refusal.USED),
                PendingLogin.present(Optional.of(completed), NOW.plusSeconds(11)));
    }

    @Test
    void wrongCodesAreCountedAndTheLastAllowedOneExhaustsIt() {
        PendingLogin current = open;
        for (int wrong = 1; wrong < POLICY.maxWrongCodes(); wrong++) {
            current = ((PendingLogin.Open) current).wrongCode(NOW, POLICY);
            assertEquals(wrong, assertInstanceOf(PendingLogin.Open.class, current).wrongCodes());
        }
        PendingLogin exhausted = ((PendingLogin.Open) current).wrongCode(NOW.plusSeconds(1), POLICY);
        assertEquals(new PendingLogin.Exhausted(TICKET, ALICE, CHECKED, NOW, open.expiresAt(), NOW.plusSeconds(1)),
                exhausted);
        assertEquals(new PendingLogin.Decision.Refused(PendingLogin.Refusal.USED),
                PendingLogin.present(Optional.of(exhausted), NOW.plusSeconds(2)));
    }

    @Test
    void thePolicyKeepsATicketShortLived() {
        assertThrows(InvalidValueException.class, () -> new SecondFactorPolicy(Duration.ofMinutes(6), 5));
        assertThrows(InvalidValueException.class, () -> new SecondFactorPolicy(Duration.ZERO, 5));
        assertThrows(InvalidValueException.class, () -> new SecondFactorPolicy(Duration.ofMinutes(5), 0));
    }

    @Test
    void itExpiresAfterItBegins() {
        assertThrows(IllegalArgumentException.class, () -> new PendingLogin.Open(TICKET, ALICE, CHECKED, NOW, NOW, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new PendingLogin.Open(TICKET, ALICE, CHECKED, NOW, NOW.plusSeconds(1), -1));
    }

    @Test
    void aTicketIsKnownByItsHashOnly() {
        assertEquals(Optional.empty(), LoginTicketHash.ofPresented(""));
        assertEquals(Optional.empty(), LoginTicketHash.ofPresented("x".repeat(257)));
        assertEquals(Optional.of(TICKET), LoginTicketHash.ofPresented("ticket"));
        assertEquals("LoginTicketHash[" + TICKET.hex().substring(0, 8) + "...]", TICKET.toString());
    }
}

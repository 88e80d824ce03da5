package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.mail.EmailAddress;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AccountEmailTest {

    private static final EmailAddress ALICE = new EmailAddress("alice@example.com");

    @Test
    void aFirstAddressIsUnverified() {
        assertEquals(new AccountEmail(ALICE, false), AccountEmail.setting(ALICE, Optional.empty()));
    }

    @Test
    void anotherMailboxIsUnverifiedWhateverTheOneBeforeWas() {
        EmailAddress other = new EmailAddress("Alice@example.com");

        assertEquals(new AccountEmail(other, false), AccountEmail.setting(other,
                Optional.of(new AccountEmail(ALICE, true))));
    }

    @Test
    void theSameMailboxKeepsWhatWasShownOfItAndTakesItsNewSpelling() {
        EmailAddress respelled = new EmailAddress("alice@EXAMPLE.com");

        assertEquals(new AccountEmail(respelled, true),
                AccountEmail.setting(respelled, Optional.of(new AccountEmail(ALICE, true))));
        assertEquals(new AccountEmail(ALICE, false),
                AccountEmail.setting(ALICE, Optional.of(new AccountEmail(ALICE, false))));
    }
}

package dev.authservice.domain.notice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NoticeTest {

    private static final Username ALICE = new Username("alice");
    private static final Instant AT = Instant.parse("2026-12-02T05:10:42.123456Z");
    private static final ClientAddress CLIENT = new ClientAddress("203.0.113.7");
    private static final Set<CredentialChange> BY_ADMINISTRATOR_ONLY =
            EnumSet.of(CredentialChange.SECOND_FACTORS_RESET, CredentialChange.ACCOUNT_DISABLED);

    @ParameterizedTest
    @EnumSource(value = CredentialChange.class, mode = EnumSource.Mode.EXCLUDE,
            names = {"SECOND_FACTORS_RESET", "ACCOUNT_DISABLED"})
    void aChangeByTheUserSaysWhatWhenFromWhereAndWhatToDoIfItWasNotThem(CredentialChange change) {
        Notice notice = new Notice(change, ChangedBy.USER, ALICE, AT, CLIENT);

        String body = notice.body();
        assertEquals(change.subject(), notice.subject());
        assertTrue(body.startsWith(change.sentenceAbout("alice") + "\n\n"), body);
        assertTrue(body.contains("When: 2026-12-02T05:10:42Z\n"), body);
        assertTrue(body.contains("From: 203.0.113.7\n"), body);
        assertTrue(body.contains("If this was not you: " + change.adviceToTheUser() + "\n"), body);
        assertFalse(body.contains("administrator of the service"), body);
    }

    @ParameterizedTest
    @EnumSource(CredentialChange.class)
    void aChangeByAnAdministratorSaysSoAndNotFromWhere(CredentialChange change) {
        Notice notice = new Notice(change, ChangedBy.ADMINISTRATOR, ALICE, AT, CLIENT);

        String body = notice.body();
        assertTrue(body.startsWith(change.sentenceAbout("alice") + "\n\n"), body);
        assertTrue(body.contains("When: 2026-12-02T05:10:42Z\n"), body);
        assertTrue(body.contains("By: an administrator of the service\n"), body);
        assertTrue(body.endsWith("If you did not ask for this: contact your administrator.\n"), body);
        assertFalse(body.contains("203.0.113.7"), body);
        assertNull(notice.from());
    }

    @ParameterizedTest
    @EnumSource(CredentialChange.class)
    void everyChangeHasItsOwnSubjectAndAdviceForTheUserUnlessOnlyAnAdministratorMakesIt(CredentialChange change) {
        assertEquals(BY_ADMINISTRATOR_ONLY.contains(change), change.byAdministratorOnly());
        assertEquals(1, EnumSet.allOf(CredentialChange.class).stream()
                .filter(other -> other.subject().equals(change.subject())).count());
        assertFalse(change.subject().contains("\n"));
    }

    @Test
    void onlyAnAdministratorResetsSecondFactorsOrDisablesAnAccount() {
        for (CredentialChange change : BY_ADMINISTRATOR_ONLY) {
            assertThrows(InvalidValueException.class, () -> new Notice(change, ChangedBy.USER, ALICE, AT, CLIENT));
        }
    }

    @Test
    void aClientThatGaveNoAddressIsSaidToHaveGivenNone() {
        String body = new Notice(CredentialChange.PASSWORD_CHANGED, ChangedBy.USER, ALICE, AT, null).body();

        assertTrue(body.contains("From: an address the client did not give\n"), body);
    }

    @Test
    void aChangeOfAddressNamesNoAddress() {
        String body = new Notice(CredentialChange.EMAIL_ADDRESS_CHANGED, ChangedBy.USER, ALICE, AT, CLIENT).body();

        assertFalse(body.contains("@"), body);
    }

    @Test
    void aPasswordChangeReadsInFull() {
        assertEquals("""
                The password of your account alice was changed.

                When: 2026-12-02T05:10:42Z
                From: 203.0.113.7

                If this was you, there is nothing to do.
                If this was not you: someone else knows your password. Contact your administrator at once: they can\
                 disable the account and end every session of it.
                """, new Notice(CredentialChange.PASSWORD_CHANGED, ChangedBy.USER, ALICE, AT, CLIENT).body());
    }
}

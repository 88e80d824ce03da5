package dev.authservice.domain.passkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What an assertion whose signature verified means for a passkey: WebAuthn Level 3, section 7.2. */
class PasskeyUseTest {

    private static final Instant REGISTERED = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00.123456Z");
    private static final ClientAddress CLIENT = new ClientAddress("192.0.2.1");
    private static final ByteString HANDLE = ByteString.of(new byte[] {1, 2, 3, 4});

    private static Passkey passkey(long signCount, boolean backupEligible, boolean backedUp) {
        return new Passkey(new CredentialId(ByteString.of(new byte[16])), UserId.of(
                "a11ce000-0000-4000-8000-000000000001"), HANDLE, new PasskeyName("Phone"),
                ByteString.of(new byte[] {9}), signCount, backupEligible, backedUp, List.of("internal"),
                new UUID(0, 0), REGISTERED, Optional.empty());
    }

    private static VerifiedAssertion assertion(long signCount, boolean userVerified, boolean backupEligible,
                                               boolean backedUp) {
        return new VerifiedAssertion(signCount, userVerified, backupEligible, backedUp, Optional.of(HANDLE));
    }

    private static Passkey.Use.Refused refused(Passkey.UseRefusal why) {
        return new Passkey.Use.Refused(why);
    }

    @Test
    void anAcceptedUseKeepsTheNewCounterTheBackupStateAndTheTime() {
        Passkey before = passkey(7, true, false);

        Passkey.Use use = before.use(assertion(8, true, true, true), AssertionPurpose.LOG_IN, NOW);

        assertEquals(new Passkey.Use.Accepted(new Passkey(before.id(), before.ownerId(), HANDLE, before.name(),
                before.publicKey(), 8, true, true, before.transports(), before.aaguid(), REGISTERED,
                Optional.of(Instant.parse("2026-03-02T10:00:00.123Z")))), use);
    }

    @ParameterizedTest(name = "stored {0}, presented {1}: {2}")
    @CsvSource({"0, 0, true", "0, 1, true", "5, 6, true", "5, 5, false", "5, 4, false", "5, 0, false",
        "4294967294, 4294967295, true"})
    void aCounterThatDoesNotGoUpIsAClonesUnlessBothAreZero(long stored, long presented, boolean accepted) {
        Passkey.Use use = passkey(stored, true, true).use(assertion(presented, true, true, true),
                AssertionPurpose.LOG_IN, NOW);

        assertEquals(accepted, use.match(ok -> true, no -> false), use.toString());
        if (!accepted) {
            assertEquals(refused(Passkey.UseRefusal.POSSIBLE_CLONE), use);
        }
    }

    @Test
    void theBackupEligibilityNeverChanges() {
        assertEquals(refused(Passkey.UseRefusal.BACKUP_ELIGIBILITY_CHANGED), passkey(0, false, false)
                .use(assertion(0, true, true, false), AssertionPurpose.LOG_IN, NOW));
        assertEquals(refused(Passkey.UseRefusal.BACKUP_ELIGIBILITY_CHANGED), passkey(0, true, true)
                .use(assertion(0, true, false, false), AssertionPurpose.SECOND_FACTOR, NOW));
    }

    @Test
    void aPasskeyAloneNeedsItsUserVerifiedASecondFactorATouch() {
        Passkey passkey = passkey(0, true, true);
        VerifiedAssertion touched = assertion(0, false, true, true);

        assertEquals(refused(Passkey.UseRefusal.USER_NOT_VERIFIED),
                passkey.use(touched, AssertionPurpose.LOG_IN, NOW));
        assertEquals(true, passkey.use(touched, AssertionPurpose.SECOND_FACTOR, NOW).match(ok -> true, no -> false));
    }

    @Test
    void theUserHandleMustBeThePasskeysAndAPasskeyAloneMustNameIt() {
        Passkey passkey = passkey(0, true, true);
        VerifiedAssertion another = new VerifiedAssertion(0, true, true, true,
                Optional.of(ByteString.of(new byte[] {1, 2, 3, 5})));
        VerifiedAssertion none = new VerifiedAssertion(0, true, true, true, Optional.empty());

        assertEquals(refused(Passkey.UseRefusal.USER_HANDLE_MISMATCH),
                passkey.use(another, AssertionPurpose.LOG_IN, NOW));
        assertEquals(refused(Passkey.UseRefusal.USER_HANDLE_MISMATCH),
                passkey.use(another, AssertionPurpose.SECOND_FACTOR, NOW));
        assertEquals(refused(Passkey.UseRefusal.USER_HANDLE_MISMATCH),
                passkey.use(none, AssertionPurpose.LOG_IN, NOW));
        assertEquals(true, passkey.use(none, AssertionPurpose.SECOND_FACTOR, NOW).match(ok -> true, no -> false));
    }

    @Test
    void backedUpWithoutBeingEligibleIsNoAssertion() {
        assertThrows(IllegalArgumentException.class, () -> assertion(0, true, false, true));
    }

    @Test
    void aSyncedPasskeyIsASoftwareKeyAndADeviceBoundOneAHardwareKey() {
        assertEquals(List.of("swk", "user", "mfa"), AuthenticationMethods.passkey(passkey(0, true, false)).values());
        assertEquals(List.of("hwk", "user", "mfa"), AuthenticationMethods.passkey(passkey(0, false, false)).values());
        assertEquals(List.of("pwd", "swk", "mfa"),
                AuthenticationMethods.passwordAndPasskey(passkey(0, true, true)).values());
        assertEquals(List.of("pwd", "hwk", "mfa"),
                AuthenticationMethods.passwordAndPasskey(passkey(0, false, false)).values());
        assertEquals(AuthenticationMethods.SYNCED_PASSKEY, AuthenticationMethods.ofStored("swk user mfa"));
    }

    @Test
    void aLoginChallengeIsBoundToItsTicketOrToNone() {
        LoginTicketHash ticket = LoginTicketHash.of("ticket");
        PasskeyLoginChallenge alone = PasskeyLoginChallenge.issue(ByteString.of(new byte[32]), Optional.empty(),
                CLIENT, NOW);
        PasskeyLoginChallenge forTicket = PasskeyLoginChallenge.issue(ByteString.of(new byte[32]),
                Optional.of(ticket), CLIENT, NOW);

        assertEquals(true, alone.isFor(Optional.empty()));
        assertEquals(false, alone.isFor(Optional.of(ticket)));
        assertEquals(true, forTicket.isFor(Optional.of(ticket)));
        assertEquals(false, forTicket.isFor(Optional.empty()));
        assertEquals(false, forTicket.isFor(Optional.of(LoginTicketHash.of("another"))));
        assertEquals(false, alone.isExpiredAt(NOW.plus(PasskeyChallenge.LIFETIME).minusSeconds(1)));
        assertEquals(true, alone.isExpiredAt(NOW.plus(PasskeyChallenge.LIFETIME)));
    }

    @Test
    void aLoginChallengeWasIssuedInTheMillisecondItsExpiryIsKeptTo() {
        PasskeyLoginChallenge challenge = PasskeyLoginChallenge.issue(ByteString.of(new byte[32]), Optional.empty(),
                CLIENT, NOW);

        assertEquals(Instant.parse("2026-03-02T10:00:00.123Z"), challenge.issuedAt());
    }
}

package dev.authservice.application.passkey.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedPasskeyVerifier;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.passkey.port.in.RegisterPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Registration;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RegisterPasskeyServiceTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final UserId ALICE = UserAccountMother.ALICE_ID;
    private static final RelyingParty RP = PasskeyMother.RELYING_PARTY;

    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final ScriptedPasskeyVerifier verifier = new ScriptedPasskeyVerifier();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final Notices notices = new Notices();
    private final ByteString userHandle = randomBytes(32);
    private final Registration.Verified verified = new Registration.Verified(new CredentialId(randomBytes(32)),
            randomBytes(77), 0, true, false, List.of("internal"), new UUID(0, 0));

    @Test
    void aVerifiedResponseStoresThePasskeyWithTheChallengesUserHandle() {
        PasskeyChallenge challenge = issued(NOW.minusSeconds(60));
        verifier.answering(verified);

        Passkey passkey = registered(register(challenge, Optional.of(new PasskeyName("Phone"))));

        assertEquals(new Passkey(verified.credentialId(), ALICE, userHandle, new PasskeyName("Phone"),
                verified.publicKey(), 0, true, false, List.of("internal"), new UUID(0, 0), NOW, Optional.empty()),
                passkey);
        assertEquals(List.of(passkey), passkeys.findByOwner(ALICE));
        assertEquals(Optional.of(challenge.value()), verifier.verifiedAgainst());
        assertEquals(SecurityEventType.PASSKEY_REGISTERED, audit.only().type());
        assertEquals(Optional.of(ALICE), audit.only().userId());
    }

    @Test
    void theVerifiedAddressIsToldOfThePasskeyAdded() {
        users.add(Notices.withAddress(UserAccountMother.alice(), true));
        verifier.answering(verified);

        registered(register(issued(NOW), Optional.empty()));

        assertEquals(CredentialChange.PASSKEY_ADDED.subject(), notices.only().subject());
    }

    @Test
    void anUnverifiedAddressIsToldNothingNorIsARefusedRegistration() {
        users.add(Notices.withAddress(UserAccountMother.alice(), false));
        verifier.answering(verified);
        registered(register(issued(NOW), Optional.empty()));
        users.setEmail(ALICE, Notices.withAddress(UserAccountMother.alice(), true).email());
        verifier.answering(new Registration.Refused());
        register(issued(NOW), Optional.empty());
        verifier.answering(verified);
        register(issued(NOW), Optional.empty());

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void withoutANameThePasskeyIsNamedForTheDay() {
        verifier.answering(verified);

        Passkey passkey = registered(register(issued(NOW), Optional.empty()));

        assertEquals(new PasskeyName("Passkey of 2026-03-01"), passkey.name());
    }

    @Test
    void aChallengeAnswersOneResponseOnly() {
        PasskeyChallenge challenge = issued(NOW);
        verifier.answering(verified);
        registered(register(challenge, Optional.empty()));

        assertRefused(new RegisterPasskeyUseCase.Result.ChallengeRefused(), register(challenge, Optional.empty()),
                AuditOutcome.UNKNOWN_CHALLENGE);
    }

    @Test
    void anExpiredChallengeIsRefusedAndUsedUp() {
        PasskeyChallenge challenge = issued(NOW.minus(PasskeyChallenge.LIFETIME));
        verifier.answering(verified);

        assertRefused(new RegisterPasskeyUseCase.Result.ChallengeRefused(), register(challenge, Optional.empty()),
                AuditOutcome.CHALLENGE_EXPIRED);
        assertEquals(Optional.empty(), challenges.take(ALICE, challenge.value()));
        assertEquals(Optional.empty(), verifier.verifiedAgainst(), "nothing verified against it");
    }

    @Test
    void anotherUsersChallengeIsRefused() {
        PasskeyChallenge bobs = PasskeyChallenge.issue(randomBytes(32), UserAccountMother.BOB_ID, userHandle, NOW);
        challenges.issue(bobs);
        verifier.answering(verified);

        assertRefused(new RegisterPasskeyUseCase.Result.ChallengeRefused(), register(bobs, Optional.empty()),
                AuditOutcome.UNKNOWN_CHALLENGE);
        assertEquals(Optional.of(bobs), challenges.take(UserAccountMother.BOB_ID, bobs.value()), "bob's stays");
    }

    @Test
    void aWrongOriginIsRefusedAndUsesTheChallengeUp() {
        PasskeyChallenge challenge = issued(NOW);
        verifier.answering(new Registration.WrongOrigin());

        assertRefused(new RegisterPasskeyUseCase.Result.WrongOrigin(), register(challenge, Optional.empty()),
                AuditOutcome.WRONG_ORIGIN);
        assertEquals(Optional.empty(), challenges.take(ALICE, challenge.value()));
    }

    @Test
    void aResponseThatDoesNotVerifyIsRefusedAndUsesTheChallengeUp() {
        PasskeyChallenge challenge = issued(NOW);
        verifier.answering(new Registration.Refused());

        assertRefused(new RegisterPasskeyUseCase.Result.VerificationFailed(), register(challenge, Optional.empty()),
                AuditOutcome.VERIFICATION_FAILED);
        assertEquals(Optional.empty(), challenges.take(ALICE, challenge.value()));
    }

    @Test
    void aCredentialRegisteredAlreadyIsRefused() {
        Passkey bobs = aPasskey().ownedBy(UserAccountMother.bob()).withId(verified.credentialId()).build();
        passkeys.add(bobs);
        verifier.answering(verified);

        assertRefused(new RegisterPasskeyUseCase.Result.AlreadyRegistered(),
                register(issued(NOW), Optional.empty()), AuditOutcome.CREDENTIAL_TAKEN);
        assertEquals(List.of(), passkeys.findByOwner(ALICE));
    }

    @Test
    void aUserAtTheLimitRegistersNoMore() {
        for (int i = 0; i < Passkey.MAX_PER_USER; i++) {
            passkeys.add(aPasskey().build());
        }
        verifier.answering(verified);

        assertRefused(new RegisterPasskeyUseCase.Result.LimitReached(), register(issued(NOW), Optional.empty()),
                AuditOutcome.TOO_MANY_PASSKEYS);
        assertEquals(Passkey.MAX_PER_USER, passkeys.findByOwner(ALICE).size());
    }

    @Test
    void somethingThatIsNoResponseUsesNoChallengeUp() {
        PasskeyChallenge challenge = issued(NOW);

        RegisterPasskeyUseCase.Result result = service().registerPasskey(new RegisterPasskeyUseCase.Command(ALICE, NOW,
                "{not a response", Optional.empty(), RequesterMother.ALICE));

        assertEquals(new RegisterPasskeyUseCase.Result.Malformed(), result);
        assertEquals(List.of(), audit.events());
        assertEquals(Optional.of(challenge), challenges.take(ALICE, challenge.value()));
    }

    private PasskeyChallenge issued(Instant at) {
        PasskeyChallenge challenge = PasskeyChallenge.issue(randomBytes(32), ALICE, userHandle, at);
        challenges.issue(challenge);
        return challenge;
    }

    private RegisterPasskeyUseCase.Result register(PasskeyChallenge challenge, Optional<PasskeyName> name) {
        return service().registerPasskey(new RegisterPasskeyUseCase.Command(ALICE, NOW,
                ScriptedPasskeyVerifier.responseTo(challenge.value()), name, RequesterMother.ALICE));
    }

    private RegisterPasskeyService service() {
        return new RegisterPasskeyService(passkeys, challenges, verifier, RP, notices.changes(users),
                new StepUp(StepUpPolicy.defaults(), audit), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static Passkey registered(RegisterPasskeyUseCase.Result result) {
        return result.match(RegisterPasskeyUseCase.Result.Registered::passkey, refused -> fail(result),
                refused -> fail(result), refused -> fail(result), refused -> fail(result), refused -> fail(result),
                refused -> fail(result), refused -> fail(result));
    }

    private static Passkey fail(RegisterPasskeyUseCase.Result result) {
        throw new AssertionError("not registered: " + result);
    }

    private void assertRefused(RegisterPasskeyUseCase.Result expected, RegisterPasskeyUseCase.Result result,
                               AuditOutcome outcome) {
        assertEquals(expected, result);
        assertEquals(SecurityEventType.PASSKEY_REGISTRATION_FAILED, audit.events().get(audit.events().size() - 1)
                .type());
        assertEquals(Optional.of(outcome), audit.events().get(audit.events().size() - 1).outcome());
    }
}

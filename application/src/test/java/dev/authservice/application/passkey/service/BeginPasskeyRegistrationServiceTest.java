package dev.authservice.application.passkey.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase.Command;
import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.Username;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BeginPasskeyRegistrationServiceTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final RelyingParty RP = PasskeyMother.RELYING_PARTY;
    private static final Command ALICE = new Command(UserAccountMother.ALICE_ID, NOW, new Username("alice"), "Alice",
            RequesterMother.ALICE);

    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final BeginPasskeyRegistrationService service = new BeginPasskeyRegistrationService(passkeys, challenges,
            RP, new StepUp(StepUpPolicy.defaults(), new RecordingAuditLog()), new RandomBytes(),
            Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void theOptionsNameTheUserAndAChallengeIssuedForFiveMinutes() {
        PasskeyCreationOptions options = started(service.beginPasskeyRegistration(ALICE));

        assertEquals(RP, options.relyingParty());
        assertEquals("alice", options.userName());
        assertEquals("Alice", options.userDisplayName());
        assertEquals(32, options.userHandle().length());
        assertEquals(PasskeyChallenge.LIFETIME, options.timeout());
        assertEquals(List.of(), options.excludeCredentials());
        assertEquals(Optional.of(new PasskeyChallenge(options.challenge(), ALICE.userId(), options.userHandle(),
                NOW.plus(PasskeyChallenge.LIFETIME))), challenges.take(ALICE.userId(), options.challenge()));
    }

    @Test
    void withoutANicknameTheUsernameIsShown() {
        PasskeyCreationOptions options = started(service.beginPasskeyRegistration(
                new Command(ALICE.userId(), NOW, ALICE.username(), " ", RequesterMother.ALICE)));

        assertEquals("alice", options.userDisplayName());
    }

    @Test
    void theUsersPasskeysAreExcludedAndTheirUserHandleKept() {
        Passkey held = aPasskey().build();
        passkeys.add(held);

        PasskeyCreationOptions options = started(service.beginPasskeyRegistration(ALICE));

        assertEquals(held.userHandle(), options.userHandle());
        assertEquals(List.of(new PasskeyCreationOptions.ExistingPasskey(held.id(), held.transports())),
                options.excludeCredentials());
    }

    @Test
    void aNewStartReplacesTheUnfinishedOne() {
        ByteString first = started(service.beginPasskeyRegistration(ALICE)).challenge();
        ByteString second = started(service.beginPasskeyRegistration(ALICE)).challenge();

        assertNotEquals(first, second);
        assertEquals(Optional.empty(), challenges.take(ALICE.userId(), first));
    }

    @Test
    void aUserAtTheLimitGetsNoChallenge() {
        for (int i = 0; i < Passkey.MAX_PER_USER; i++) {
            passkeys.add(aPasskey().build());
        }

        assertEquals(new BeginPasskeyRegistrationUseCase.Result.LimitReached(),
                service.beginPasskeyRegistration(ALICE));
    }

    private static PasskeyCreationOptions started(BeginPasskeyRegistrationUseCase.Result result) {
        return result.match(BeginPasskeyRegistrationUseCase.Result.Started::options, limit -> {
            throw new AssertionError("not started: " + result);
        }, reauthenticationRequired -> {
            throw new AssertionError("not started: " + result);
        });
    }

    /** Random bytes as the service asks for them; nothing else. */
    private static final class RandomBytes implements RandomSource {
        private final SecureRandom random = new SecureRandom();

        @Override
        public UUID uuid() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String refreshTokenValue() {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] bytes(int count) {
            byte[] bytes = new byte[count];
            random.nextBytes(bytes);
            return bytes;
        }
    }
}

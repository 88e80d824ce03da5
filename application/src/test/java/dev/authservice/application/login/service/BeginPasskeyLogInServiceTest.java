package dev.authservice.application.login.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemoryPendingLoginStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase.Command;
import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase.Result;
import dev.authservice.application.login.port.in.PasskeyRequestOptions;
import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class BeginPasskeyLogInServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final RelyingParty RP = new RelyingParty("example.com", "auth-service",
            Set.of("https://app.example.com"));
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final byte[] RANDOM = new byte[32];
    private static final ClientAddress CLIENT = new ClientAddress("2001:db8:0:1::7");

    @Mock private RandomSource random;

    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final InMemoryPendingLoginStore pendingLogins = new InMemoryPendingLoginStore();
    private BeginPasskeyLogInService service;

    @BeforeEach
    void setUp() {
        RANDOM[0] = 7;
        service = new BeginPasskeyLogInService(passkeys, challenges, pendingLogins, RP,
                new OpenPerAddressLimit(3), random, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private void pendingLoginOfAlice(String ticket, Instant begun) {
        pendingLogins.add(PendingLogin.begin(LoginTicketHash.of(ticket), ALICE.id(), ALICE.passwordHash(), begun,
                SecondFactorPolicy.defaults()));
    }

    @Test
    void withoutATicketAnyPasskeyMayAnswerItsUserVerified() {
        when(random.bytes(anyInt())).thenReturn(RANDOM);

        Result result = service.beginPasskeyLogIn(new Command(Optional.empty(), CLIENT));

        assertEquals(new Result.Started(new PasskeyRequestOptions(ByteString.of(RANDOM), "example.com",
                Duration.ofMinutes(5), List.of(), true)), result);
        assertEquals(Optional.of(PasskeyLoginChallenge.issue(ByteString.of(RANDOM), Optional.empty(),
                CLIENT, NOW)),
                challenges.takeForLogin(ByteString.of(RANDOM)));
    }

    @Test
    void withATicketTheChallengeIsBoundToItAndOnlyItsUsersPasskeysAnswer() {
        when(random.bytes(PasskeyChallenge.BYTES)).thenReturn(RANDOM);
        Passkey alices = aPasskey().ownedBy(ALICE).build();
        passkeys.add(alices);
        passkeys.add(aPasskey().ownedBy(UserAccountMother.bob()).build());
        pendingLoginOfAlice("ticket", NOW);

        Result result = service.beginPasskeyLogIn(new Command(Optional.of("ticket"), CLIENT));

        assertEquals(new Result.Started(new PasskeyRequestOptions(ByteString.of(RANDOM), "example.com",
                Duration.ofMinutes(5), List.of(new PasskeyCreationOptions.ExistingPasskey(alices.id(),
                        alices.transports())), false)), result);
        assertEquals(Optional.of(LoginTicketHash.of("ticket")),
                challenges.takeForLogin(ByteString.of(RANDOM)).orElseThrow().ticket());
    }

    @Test
    void aDeadTicketGetsNoChallenge() {
        pendingLoginOfAlice("old", NOW.minus(Duration.ofMinutes(5)));

        assertEquals(new Result.TicketInvalid(), service.beginPasskeyLogIn(new Command(Optional.of("old"), CLIENT)));
        assertEquals(new Result.TicketInvalid(), service.beginPasskeyLogIn(new Command(Optional.of("unknown"), CLIENT)));
        assertEquals(0, challenges.forgetLoginChallengesExpiredBy(NOW.plus(Duration.ofDays(1))));
    }

    @Test
    void aTicketWhoseUserHoldsNoPasskeyGetsNoChallenge() {
        pendingLoginOfAlice("ticket", NOW);

        assertEquals(new Result.NoPasskey(), service.beginPasskeyLogIn(new Command(Optional.of("ticket"), CLIENT)));
    }

    @Test
    void aClientHoldingAsManyOpenChallengesAsItMayWaitsUntilTheFirstExpiresButAPendingLoginDoesNot() {
        when(random.bytes(anyInt())).thenReturn(RANDOM);
        passkeys.add(aPasskey().ownedBy(ALICE).build());
        pendingLoginOfAlice("ticket", NOW);
        PasskeyLoginChallenge first = openChallengeOf(CLIENT, NOW.minus(Duration.ofMinutes(4)));
        openChallengeOf(CLIENT, NOW);
        openChallengeOf(CLIENT, NOW);
        // Another address of the same /64 is the same client, as the login throttle counts it.
        ClientAddress sameNetwork = new ClientAddress("2001:db8:0:1::8");

        assertEquals(new Result.Throttled(Duration.ofMinutes(1)),
                service.beginPasskeyLogIn(new Command(Optional.empty(), sameNetwork)));
        assertEquals(Optional.empty(), challenges.takeForLogin(ByteString.of(RANDOM)), "nothing issued");

        assertInstanceOf(Result.Started.class, service.beginPasskeyLogIn(new Command(Optional.of("ticket"), CLIENT)),
                "a pending login's, which its ticket bounds");
        RANDOM[0] = 8;
        assertInstanceOf(Result.Started.class, service.beginPasskeyLogIn(
                new Command(Optional.empty(), new ClientAddress("2001:db8:0:2::7"))), "another client");
        challenges.takeForLogin(first.value());
        RANDOM[0] = 9;
        assertInstanceOf(Result.Started.class, service.beginPasskeyLogIn(new Command(Optional.empty(), CLIENT)),
                "once one is answered");
    }

    private PasskeyLoginChallenge openChallengeOf(ClientAddress client, Instant issuedAt) {
        PasskeyLoginChallenge challenge = PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(), client,
                issuedAt);
        challenges.issueForLogin(challenge, OpenPerAddressLimit.defaults());
        return challenge;
    }
}

package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SmallCapitalsRestricted;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.in.CreateUserUseCase.Command;
import dev.authservice.application.user.port.in.CreateUserUseCase.Result;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** Against the in-memory user store; the hasher and the random source are mocks. */
@ExtendWith(MockitoExtension.class)
class CreateUserServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));

    private static final UUID NEW_ID = UUID.fromString("ca201000-0000-4000-8000-000000000003");
    private static final Username CAROL = new Username("carol");
    private static final Password STRONG = new Password("wind-over-the-quiet-fjord");
    private static final PasswordHash STRONG_HASH = new PasswordHash("$argon2id$carol");

    @Mock private PasswordHasher hasher;
    @Mock private RandomSource random;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private CreateUserService service;

    @BeforeEach
    void setUp() {
        lenient().when(random.uuid()).thenReturn(NEW_ID);
        lenient().when(hasher.hash(STRONG)).thenReturn(STRONG_HASH);
        service = new CreateUserService(users, new SmallCapitalsRestricted(), hasher, POLICY, random, audit, CLOCK);
    }

    @Test
    void aNewUserIsCreatedAndSummarised() {
        Result result = service.createUser(carol(STRONG));

        assertEquals(new Result.Created(new UserSummary(new UserId(NEW_ID), CAROL, Set.of(Role.USER), NOW,
                Optional.empty())), result);
        assertEquals(SecurityEvent.of(SecurityEventType.USER_CREATED, NOW, RequesterMother.ADMINISTRATOR)
                .about(new UserId(NEW_ID)), audit.only());
    }

    @Test
    void theStoredAccountHoldsTheHashNotThePasswordIsEnabledAndWasCreatedNow() {
        service.createUser(carol(STRONG));

        assertEquals(Optional.of(new UserAccount(new UserId(NEW_ID), CAROL, STRONG_HASH, Set.of(Role.USER), "Carol",
                "Finance", NOW, true)), users.findByUsername(CAROL));
    }

    @Test
    void theRolesAreStoredAsGiven() {
        Result result = service.createUser(new Command(CAROL, STRONG, Set.of(Role.USER, Role.ADMIN), "Carol",
                "Finance", Optional.empty(), RequesterMother.ADMINISTRATOR));

        assertEquals(Set.of(Role.USER, Role.ADMIN), assertInstanceOf(Result.Created.class, result).user().roles());
        assertEquals(Set.of(Role.USER, Role.ADMIN), users.findByUsername(CAROL).orElseThrow().roles());
    }

    @Test
    void aWeakPasswordIsRefusedWithTheReasonAndNothingIsHashedOrStored() {
        assertEquals(new Result.WeakPassword("the password must be at least 15 characters long"),
                service.createUser(carol(new Password("short-one"))));
        assertInstanceOf(Result.WeakPassword.class, service.createUser(carol(new Password("PasswordPassword"))));
        assertEquals(new Result.WeakPassword("the password must not contain the username"),
                service.createUser(carol(new Password("Carol-loves-long-passwords"))));

        verifyNoInteractions(hasher);
        assertEquals(Optional.empty(), users.findByUsername(CAROL));
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void aNameANewAccountMayNotTakeIsRefusedWithTheReasonBeforeAnythingElse() {
        Username restricted = new Username("\u0299ob");

        Result result = service.createUser(new Command(restricted, new Password("short"), Set.of(Role.USER), "Bob",
                "Finance", Optional.empty(), RequesterMother.ADMINISTRATOR));

        assertEquals(new Result.RestrictedUsername(
                "username must not hold U+0299, a character Unicode restricts in identifiers (UTS #39)"), result);
        verifyNoInteractions(hasher);
        assertEquals(Optional.empty(), users.findByUsername(restricted));
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void aTakenUsernameIsRefusedWithoutSpendingAHash() {
        UserAccount existing = UserAccountMother.aUser().named("carol").build();
        users.add(existing);

        assertEquals(new Result.UsernameTaken(), service.createUser(carol(STRONG)));

        verifyNoInteractions(hasher);
        assertEquals(Optional.of(existing), users.findByUsername(CAROL));
        assertTrue(audit.events().isEmpty());
    }

    /** Free when looked up, taken by the time it is added: the store's answer counts. */
    @Test
    void aUsernameTakenByARequestThatWonTheRaceIsRefusedAsTaken() {
        UserAccount winner = UserAccountMother.aUser().named("carol").build();
        when(hasher.hash(STRONG)).thenAnswer(invocation -> {
            users.add(winner);
            return STRONG_HASH;
        });

        assertEquals(new Result.UsernameTaken(), service.createUser(carol(STRONG)));

        assertEquals(Optional.of(winner), users.findByUsername(CAROL));
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void anAddressGivenIsStoredUnverified() {
        EmailAddress address = new EmailAddress("Carol@Example.com");

        Result result = service.createUser(new Command(CAROL, STRONG, Set.of(Role.USER), "Carol", "Finance",
                Optional.of(address), RequesterMother.ADMINISTRATOR));

        Optional<AccountEmail> unverified = Optional.of(new AccountEmail(address, false));
        assertEquals(unverified, assertInstanceOf(Result.Created.class, result).user().email());
        assertEquals(unverified, users.findByUsername(CAROL).orElseThrow().email());
    }

    @Test
    void anAddressNamingAnotherUsersMailboxIsRefusedAndNothingIsHashedOrStored() {
        users.add(UserAccountMother.aUser().withEmail("carol@example.com", true).build());

        Result result = service.createUser(new Command(CAROL, STRONG, Set.of(Role.USER), "Carol", "Finance",
                Optional.of(new EmailAddress("carol@EXAMPLE.com")), RequesterMother.ADMINISTRATOR));

        assertEquals(new Result.EmailTaken(), result);
        assertEquals(Optional.empty(), users.findByUsername(CAROL));
        verifyNoInteractions(hasher);
        assertEquals(List.of(), audit.events());
    }

    /** A command refuses what no account could hold, so that the service is never asked to store it. */
    @Test
    void noCommandHoldsWhatNoAccountCould() {
        InvalidValueException blank = assertThrows(InvalidValueException.class,
                () -> new Command(CAROL, STRONG, Set.of(Role.USER), " ", "Finance", Optional.empty(),
                        RequesterMother.ADMINISTRATOR));
        InvalidValueException overLong = assertThrows(InvalidValueException.class,
                () -> new Command(CAROL, STRONG, Set.of(Role.USER), "Carol", "d".repeat(101), Optional.empty(),
                        RequesterMother.ADMINISTRATOR));
        Set<Role> tooMany = IntStream.range(0, 30).mapToObj(i -> new Role("ROLE_NUMBER_" + i))
                .collect(Collectors.toSet());
        InvalidValueException roles = assertThrows(InvalidValueException.class,
                () -> new Command(CAROL, STRONG, tooMany, "Carol", "Finance", Optional.empty(),
                        RequesterMother.ADMINISTRATOR));

        assertEquals("nickname", blank.field());
        assertEquals("department", overLong.field());
        assertEquals("roles", roles.field());
    }

    private static Command carol(Password password) {
        return new Command(CAROL, password, Set.of(Role.USER), "Carol", "Finance", Optional.empty(),
                RequesterMother.ADMINISTRATOR);
    }
}

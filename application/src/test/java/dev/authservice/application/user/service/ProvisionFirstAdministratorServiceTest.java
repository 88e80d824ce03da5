package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.SmallCapitalsRestricted;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase.Command;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase.Result;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.PasswordHasher;
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
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** Runs against the real {@link CreateUserService} and the in-memory user store; the hasher is a mock. */
@ExtendWith(MockitoExtension.class)
class ProvisionFirstAdministratorServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));

    private static final UUID NEW_ID = UUID.fromString("ad000000-0000-4000-8000-000000000001");
    private static final Username ROOT = new Username("root-admin");
    private static final Password STRONG = new Password("a-very-long-bootstrap-secret");
    private static final PasswordHash STRONG_HASH = new PasswordHash("$argon2id$root");
    private static final UserAccount ROOT_ADMIN = new UserAccount(new UserId(NEW_ID), ROOT, STRONG_HASH,
            Set.of(Role.USER, Role.ADMIN), "root-admin", "Administration", NOW, true);

    @Mock private PasswordHasher hasher;
    @Mock private RandomSource random;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private ProvisionFirstAdministratorService service;

    @BeforeEach
    void setUp() {
        lenient().when(random.uuid()).thenReturn(NEW_ID);
        lenient().when(hasher.hash(STRONG)).thenReturn(STRONG_HASH);
        CreateUserService createUser = new CreateUserService(users, new SmallCapitalsRestricted(), hasher, POLICY,
                random, new RecordingAuditLog(), Clock.fixed(NOW, ZoneOffset.UTC));
        service = new ProvisionFirstAdministratorService(users, createUser);
    }

    @Test
    void withoutAnAdministratorTheUserIsCreatedEnabledWithTheRolesUserAndAdminAndTheHashedPassword() {
        users.add(UserAccountMother.alice());

        Result result = service.provisionFirstAdministrator(new Command(ROOT, STRONG));

        assertEquals(new Result.Created(UserSummary.of(ROOT_ADMIN)), result);
        assertEquals(Optional.of(ROOT_ADMIN), users.findById(new UserId(NEW_ID)));
    }

    @Test
    void aDisabledAdministratorAdministersNothingSoOneIsCreated() {
        users.add(UserAccountMother.bob().withEnabled(false));

        assertInstanceOf(Result.Created.class, service.provisionFirstAdministrator(new Command(ROOT, STRONG)));
    }

    @Test
    void whenAnAdministratorExistsNothingIsCreatedEvenWithAWeakPassword() {
        users.add(UserAccountMother.bob());

        assertEquals(new Result.AdministratorExists(), service.provisionFirstAdministrator(new Command(ROOT, STRONG)));
        assertEquals(new Result.AdministratorExists(),
                service.provisionFirstAdministrator(new Command(ROOT, new Password("short"))));

        assertEquals(Optional.empty(), users.findByUsername(ROOT));
        verifyNoInteractions(hasher);
    }

    @Test
    void aUsernameHeldByAUserWithoutAdminIsLeftAlone() {
        UserAccount holder = UserAccountMother.aUser().named("root-admin").build();
        users.add(holder);

        assertEquals(new Result.UsernameTaken(), service.provisionFirstAdministrator(new Command(ROOT, STRONG)));

        assertEquals(Optional.of(holder), users.findByUsername(ROOT));
        verifyNoInteractions(hasher);
    }

    @Test
    void aUsernameTakenByAnotherInstanceAtTheSameMomentIsUsernameTaken() {
        UserAccount otherInstances = UserAccountMother.aUser().named("root-admin").build();
        when(hasher.hash(STRONG)).thenAnswer(invocation -> {
            users.add(otherInstances);
            return STRONG_HASH;
        });

        assertEquals(new Result.UsernameTaken(), service.provisionFirstAdministrator(new Command(ROOT, STRONG)));

        assertEquals(Optional.of(otherInstances), users.findByUsername(ROOT));
    }

    @Test
    void aNameANewAccountMayNotTakeIsRefusedWithTheReasonAndNothingIsCreated() {
        Username restricted = new Username("\u0299ob");

        assertEquals(new Result.RestrictedUsername(
                        "username must not hold U+0299, a character Unicode restricts in identifiers (UTS #39)"),
                service.provisionFirstAdministrator(new Command(restricted, STRONG)));

        assertEquals(Optional.empty(), users.findByUsername(restricted));
        verifyNoInteractions(hasher);
    }

    @Test
    void aWeakPasswordIsRefusedWithTheReasonAndNothingIsCreated() {
        assertEquals(new Result.WeakPassword("the password must be at least 15 characters long"),
                service.provisionFirstAdministrator(new Command(ROOT, new Password("admin"))));
        assertInstanceOf(Result.WeakPassword.class,
                service.provisionFirstAdministrator(new Command(ROOT, new Password("ROOT-ADMIN-password-2025"))));

        assertEquals(Optional.empty(), users.findByUsername(ROOT));
        verifyNoInteractions(hasher);
    }
}

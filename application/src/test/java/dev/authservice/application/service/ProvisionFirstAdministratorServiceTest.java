package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase.Command;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase.Result;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.UserStore;
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
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** Runs against the real {@link CreateUserService}: only the out-ports are mocked. */
@ExtendWith(MockitoExtension.class)
class ProvisionFirstAdministratorServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));

    private static final UUID NEW_ID = UUID.fromString("ad000000-0000-4000-8000-000000000001");
    private static final Username ROOT = new Username("root-admin");
    private static final Password STRONG = new Password("a-very-long-bootstrap-secret");
    private static final PasswordHash STRONG_HASH = new PasswordHash("$argon2id$root");

    @Mock private UserStore users;
    @Mock private PasswordHasher hasher;
    @Mock private RandomSource random;

    private ProvisionFirstAdministratorService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        lenient().when(random.uuid()).thenReturn(NEW_ID);
        lenient().when(hasher.hash(STRONG)).thenReturn(STRONG_HASH);
        lenient().when(users.findByUsername(any())).thenReturn(Optional.empty());
        lenient().when(users.add(any())).thenReturn(true);
        CreateUserService createUser = new CreateUserService(users, hasher, POLICY, random, audit,
                Clock.fixed(NOW, ZoneOffset.UTC));
        service = new ProvisionFirstAdministratorService(users, createUser);
    }

    @Test
    void withoutAnAdministratorTheUserIsCreatedWithTheRolesUserAndAdmin() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);

        Result result = service.provision(new Command(ROOT, STRONG));

        assertEquals(new Result.Created(new UserSummary(new UserId(NEW_ID), ROOT, Set.of(Role.USER, Role.ADMIN), NOW)),
                result);
    }

    @Test
    void theFirstAdministratorIsStoredEnabledWithTheHashedPassword() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);

        service.provision(new Command(ROOT, STRONG));

        ArgumentCaptor<UserAccount> stored = ArgumentCaptor.forClass(UserAccount.class);
        verify(users).add(stored.capture());
        assertEquals(new UserAccount(new UserId(NEW_ID), ROOT, STRONG_HASH, Set.of(Role.USER, Role.ADMIN),
                "root-admin", "Administration", NOW, true), stored.getValue());
    }

    @Test
    void whenAnAdministratorExistsNothingIsCreated() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(true);

        Result result = service.provision(new Command(ROOT, STRONG));

        assertEquals(new Result.AdministratorExists(), result);
        verify(users, never()).add(any());
        verifyNoInteractions(hasher);
    }

    @Test
    void anExistingAdministratorWinsEvenOverAWeakPassword() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(true);

        assertEquals(new Result.AdministratorExists(), service.provision(new Command(ROOT, new Password("short"))));
    }

    @Test
    void aUsernameHeldByAUserWithoutAdminIsLeftAlone() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);
        when(users.findByUsername(ROOT)).thenReturn(Optional.of(UserAccountMother.aUser().named("root-admin").build()));

        Result result = service.provision(new Command(ROOT, STRONG));

        assertEquals(new Result.UsernameTaken(), result);
        verify(users, never()).add(any());
        verify(users, never()).replacePasswordHash(any(), any(), any());
        verify(users, never()).setEnabled(any(), anyBoolean());
        verifyNoInteractions(hasher);
    }

    @Test
    void aUsernameTakenByAnotherInstanceAtTheSameMomentIsUsernameTaken() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);
        when(users.add(any())).thenReturn(false);

        assertEquals(new Result.UsernameTaken(), service.provision(new Command(ROOT, STRONG)));
    }

    @Test
    void aWeakPasswordIsRefusedWithTheReasonAndNothingIsCreated() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);

        Result result = service.provision(new Command(ROOT, new Password("admin")));

        assertEquals(new Result.WeakPassword("the password must be at least 15 characters long"), result);
        verify(users, never()).add(any());
        verifyNoInteractions(hasher);
    }

    @Test
    void aPasswordContainingTheUsernameIsWeak() {
        when(users.anyEnabledUserHasRole(Role.ADMIN)).thenReturn(false);

        assertInstanceOf(Result.WeakPassword.class,
                service.provision(new Command(ROOT, new Password("ROOT-ADMIN-password-2025"))));
        verify(users, never()).add(any());
    }
}

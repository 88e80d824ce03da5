package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase.Query;
import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase.Result;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.user.Credentials;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** The in-memory user store; the hasher is a mock that verifies the published passwords against their hashes. */
@ExtendWith(MockitoExtension.class)
class CheckPublishedCredentialsServiceTest {

    private static final Credentials ALICE = Credentials.of("alice", "alice-password");
    private static final Credentials BOB = Credentials.of("bob", "bob-password");
    private static final PasswordHash ALICE_PUBLISHED = new PasswordHash("$argon2id$alice-published");
    private static final PasswordHash BOB_PUBLISHED = new PasswordHash("$argon2id$bob-published");
    private static final Query THE_README = new Query(List.of(ALICE, BOB));

    @Mock private PasswordHasher hasher;

    private final InMemoryUserStore users = new InMemoryUserStore();

    private Result check() {
        return new CheckPublishedCredentialsService(users, hasher).checkPublishedCredentials(THE_README);
    }

    private void publishedPasswordsVerify() {
        lenient().when(hasher.verify(ALICE.password(), ALICE_PUBLISHED)).thenReturn(true);
        lenient().when(hasher.verify(BOB.password(), BOB_PUBLISHED)).thenReturn(true);
    }

    @Test
    void enabledAccountsWhoseHashVerifiesThePublishedPasswordAreUsableInTheOrderAsked() {
        publishedPasswordsVerify();
        UserAccount alice = UserAccountMother.alice().withPasswordHash(ALICE_PUBLISHED);
        UserAccount bob = UserAccountMother.bob().withPasswordHash(BOB_PUBLISHED);
        users.add(bob);
        users.add(alice);

        assertEquals(new Result.Usable(List.of(UserSummary.of(alice), UserSummary.of(bob))), check());
    }

    @Test
    void aChangedPasswordIsNoLongerAPublishedCredential() {
        publishedPasswordsVerify();
        UserAccount alice = UserAccountMother.alice().withPasswordHash(ALICE_PUBLISHED);
        users.add(alice);
        users.add(UserAccountMother.bob()); // the hash of some other password

        assertEquals(new Result.Usable(List.of(UserSummary.of(alice))), check());
    }

    @Test
    void aDisabledAccountLogsInWithNoPasswordSoItsHashIsNotEvenVerified() {
        users.add(UserAccountMother.alice().withPasswordHash(ALICE_PUBLISHED).withEnabled(false));
        users.add(UserAccountMother.bob().withPasswordHash(BOB_PUBLISHED).withEnabled(false));

        assertEquals(new Result.NoneUsable(), check());
        verifyNoMoreInteractions(hasher);
    }

    @Test
    void withoutTheAccountsNothingIsUsableAndNothingIsHashed() {
        users.add(UserAccountMother.aUser().build());

        assertEquals(new Result.NoneUsable(), check());
        verifyNoMoreInteractions(hasher);
    }

    @Test
    void everyPublishedCredentialIsVerifiedAgainstItsOwnAccount() {
        publishedPasswordsVerify();
        UserAccount bob = UserAccountMother.bob().withPasswordHash(BOB_PUBLISHED);
        users.add(UserAccountMother.alice().withPasswordHash(BOB_PUBLISHED));
        users.add(bob);

        assertEquals(new Result.Usable(List.of(UserSummary.of(bob))), check());
        verify(hasher).verify(ALICE.password(), BOB_PUBLISHED);
    }
}

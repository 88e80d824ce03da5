package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class GetUserServiceTest {

    @Mock private UserStore users;

    private GetUserService service;

    @BeforeEach
    void setUp() {
        service = new GetUserService(users);
    }

    @Test
    void aKnownUserIsSummarised() {
        UserAccount bob = UserAccountMother.bob();
        when(users.findById(bob.id())).thenReturn(Optional.of(bob));

        assertEquals(Optional.of(new UserSummary(UserAccountMother.BOB_ID, new Username("bob"),
                Set.of(Role.USER, Role.ADMIN), TestTime.SOME_INSTANT)), service.user(bob.id()));
    }

    @Test
    void aDisabledUserIsStillFound() {
        UserAccount disabled = UserAccountMother.aUser().disabled().build();
        when(users.findById(disabled.id())).thenReturn(Optional.of(disabled));

        assertEquals(Optional.of(UserSummary.of(disabled)), service.user(disabled.id()));
    }

    @Test
    void anUnknownUserIsEmpty() {
        UserId nobody = new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead"));
        when(users.findById(nobody)).thenReturn(Optional.empty());

        assertEquals(Optional.empty(), service.user(nobody));
    }
}

package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.GetUserUseCase.Query;
import dev.authservice.application.user.port.in.GetUserUseCase.Result;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class GetUserServiceTest {

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final GetUserService service = new GetUserService(users);

    @Test
    void aKnownUserIsSummarised() {
        users.add(UserAccountMother.bob());

        assertEquals(new Result.TheUser(new UserSummary(UserAccountMother.BOB_ID, new Username("bob"),
                Set.of(Role.USER, Role.ADMIN), TestTime.SOME_INSTANT, Optional.empty())),
                service.getUser(new Query(UserAccountMother.BOB_ID)));
    }

    @Test
    void aUsersEmailAddressAndWhetherItIsVerifiedAreShown() {
        UserAccount dee = UserAccountMother.aUser().withEmail("dee@example.com", true).build();
        users.add(dee);

        assertEquals(dee.email(), service.getUser(new Query(dee.id())).match(theUser -> theUser.user().email(),
                notFound -> Optional.empty()));
    }

    @Test
    void aDisabledUserIsStillFound() {
        UserAccount disabled = UserAccountMother.aUser().disabled().build();
        users.add(disabled);

        assertEquals(new Result.TheUser(UserSummary.of(disabled)), service.getUser(new Query(disabled.id())));
    }

    @Test
    void anUnknownUserIsNotFound() {
        users.add(UserAccountMother.bob());

        assertEquals(new Result.NotFound(),
                service.getUser(new Query(new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead")))));
    }
}

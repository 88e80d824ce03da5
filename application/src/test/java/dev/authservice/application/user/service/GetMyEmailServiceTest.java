package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.GetMyEmailUseCase.Query;
import dev.authservice.application.user.port.in.GetMyEmailUseCase.Result;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.mail.EmailAddress;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GetMyEmailServiceTest {

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final GetMyEmailService service = new GetMyEmailService(users);

    @Test
    void theAddressAndWhetherItIsVerifiedAreRead() {
        Optional<AccountEmail> email = Optional.of(new AccountEmail(new EmailAddress("alice@example.com"), true));
        users.add(UserAccountMother.alice().withEmail(email));

        assertEquals(new Result.TheEmail(email), service.getMyEmail(new Query(UserAccountMother.ALICE_ID)));
    }

    @Test
    void anAccountWithoutAnAddressHasNone() {
        users.add(UserAccountMother.alice());

        assertEquals(new Result.TheEmail(Optional.empty()), service.getMyEmail(new Query(UserAccountMother.ALICE_ID)));
    }
}

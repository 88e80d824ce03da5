package dev.authservice.application.notice.port.out;

import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** The accounts a notice is about: where its user's address and name are read. The user store is one. */
public interface Accounts {

    Optional<UserAccount> findById(UserId id);
}

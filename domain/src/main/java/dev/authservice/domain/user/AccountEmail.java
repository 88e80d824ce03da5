package dev.authservice.domain.user;

import dev.authservice.domain.mail.EmailAddress;
import java.util.Objects;
import java.util.Optional;

/** A user's email address, and whether its mailbox has been shown to be theirs. */
public record AccountEmail(EmailAddress address, boolean verified) {

    public AccountEmail {
        Objects.requireNonNull(address, "address");
    }

    /**
     * What an account holds once {@code address} is set over {@code current}: a new mailbox is unverified until shown
     * to be the user's; the same mailbox again, however it is written now, keeps what was shown of it.
     */
    public static AccountEmail setting(EmailAddress address, Optional<AccountEmail> current) {
        return new AccountEmail(address,
                current.filter(email -> email.address().sameMailboxAs(address)).map(AccountEmail::verified)
                        .orElse(false));
    }
}

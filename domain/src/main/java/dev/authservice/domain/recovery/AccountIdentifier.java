package dev.authservice.domain.recovery;

import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an anonymous request that sends mail names an account by: its username or its email address, one of the two,
 * whether or not an account has it. A password-reset request and a request for a sign-up's link again each name one.
 */
public sealed interface AccountIdentifier {

    <T> T match(Function<Username, T> byUsername, Function<EmailAddress, T> byEmail);

    record ByUsername(Username username) implements AccountIdentifier {
        public ByUsername {
            Objects.requireNonNull(username, "username");
        }

        @Override
        public <T> T match(Function<Username, T> byUsername, Function<EmailAddress, T> byEmail) {
            return byUsername.apply(username);
        }
    }

    record ByEmail(EmailAddress email) implements AccountIdentifier {
        public ByEmail {
            Objects.requireNonNull(email, "email");
        }

        @Override
        public <T> T match(Function<Username, T> byUsername, Function<EmailAddress, T> byEmail) {
            return byEmail.apply(email);
        }
    }
}

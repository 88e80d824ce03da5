package dev.authservice.domain.federation;

import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;

/** What an authorization was started for: to sign in, or to link the identity to the signed-in user who started it. */
public sealed interface Purpose {

    /** The user the identity is to be linked to; none for a sign-in. */
    Optional<UserId> linkingUser();

    record SignIn() implements Purpose {
        @Override
        public Optional<UserId> linkingUser() {
            return Optional.empty();
        }
    }

    record Link(UserId userId) implements Purpose {
        public Link {
            Objects.requireNonNull(userId, "userId");
        }

        @Override
        public Optional<UserId> linkingUser() {
            return Optional.of(userId);
        }
    }
}

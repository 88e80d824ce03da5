package dev.authservice.application.federation.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A link is removed: by its user, with a recent proof of who they are, or by an administrator, which ends every
 * session of the user as an administrator's removal of a passkey does. Never the user's last way to sign in.
 */
public interface UnlinkIdentityUseCase {

    Result unlinkIdentity(Command command);

    /**
     * @param authenticatedAt when the user's own session last proved who they are; empty when an administrator
     *                        removes it (the requester is then the administrator)
     */
    record Command(UserId userId, IdentityLinkId linkId, Optional<Instant> authenticatedAt, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(linkId, "linkId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(requester, "requester");
        }

        public boolean byAnAdministrator() {
            return authenticatedAt.isEmpty();
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Unlinked, T> unlinked, Function<NotFound, T> notFound,
                    Function<LastWayToSignIn, T> lastWayToSignIn,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Unlinked() implements Result {
            @Override
            public <T> T match(Function<Unlinked, T> unlinked, Function<NotFound, T> notFound,
                               Function<LastWayToSignIn, T> lastWayToSignIn,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return unlinked.apply(this);
            }
        }

        /** No such user, or no link of theirs with this id: unknown, another user's and removed already look alike. */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Unlinked, T> unlinked, Function<NotFound, T> notFound,
                               Function<LastWayToSignIn, T> lastWayToSignIn,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return notFound.apply(this);
            }
        }

        /** The user would have no way left to sign in. */
        record LastWayToSignIn() implements Result {
            @Override
            public <T> T match(Function<Unlinked, T> unlinked, Function<NotFound, T> notFound,
                               Function<LastWayToSignIn, T> lastWayToSignIn,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return lastWayToSignIn.apply(this);
            }
        }

        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Unlinked, T> unlinked, Function<NotFound, T> notFound,
                               Function<LastWayToSignIn, T> lastWayToSignIn,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}

package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/** The signed-in user deletes one of their passkeys; nobody deletes another user's. */
public interface DeleteMyPasskeyUseCase {

    Result deleteMyPasskey(Command command);

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     */
    record Command(UserId ownerId, Instant authenticatedAt, CredentialId passkeyId, Requester requester) {
        public Command {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(passkeyId, "passkeyId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Deleted() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return deleted.apply(this);
            }
        }

        /** No passkey of the caller's with this id: unknown, another user's and deleted already look the same. */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return notFound.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}

package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** The signed-in user deletes one of their passkeys; nobody deletes another user's. */
public interface DeleteMyPasskeyUseCase {

    Result deleteMyPasskey(Command command);

    record Command(UserId ownerId, CredentialId passkeyId, Requester requester) {
        public Command {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(passkeyId, "passkeyId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound);

        record Deleted() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound) {
                return deleted.apply(this);
            }
        }

        /** No passkey of the caller's with this id: unknown, another user's and deleted already look the same. */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}

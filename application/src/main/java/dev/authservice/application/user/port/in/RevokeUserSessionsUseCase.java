package dev.authservice.application.user.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** An administrator ends every session of a user. */
public interface RevokeUserSessionsUseCase {

    Result revokeUserSessions(Command command);

    /** @param requester the administrator, for the audit trail */
    record Command(UserId userId, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Revoked, T> revoked, Function<UserNotFound, T> userNotFound);

        /** @param sessions how many sessions were live until now */
        record Revoked(int sessions) implements Result {
            @Override
            public <T> T match(Function<Revoked, T> revoked, Function<UserNotFound, T> userNotFound) {
                return revoked.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Revoked, T> revoked, Function<UserNotFound, T> userNotFound) {
                return userNotFound.apply(this);
            }
        }
    }
}

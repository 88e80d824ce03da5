package dev.authservice.application.session.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** A user ends one of their own sessions ("sign out this device"); its refresh and access tokens stop working. */
public interface EndSessionUseCase {

    Result endSession(Command command);

    /** @param requester who asked and from where, for the audit trail */
    record Command(UserId userId, SessionId sessionId, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Ended, T> ended, Function<NotFound, T> notFound);

        record Ended() implements Result {
            @Override
            public <T> T match(Function<Ended, T> ended, Function<NotFound, T> notFound) {
                return ended.apply(this);
            }
        }

        /**
         * Not a live session of the user: unknown, someone else's and ended already look the same, so session ids
         * cannot be probed.
         */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Ended, T> ended, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}

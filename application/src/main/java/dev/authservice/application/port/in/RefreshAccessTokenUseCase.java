package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.RefreshTokenHash;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** Exchanges a refresh token for a new access token and the refresh token's successor. */
public interface RefreshAccessTokenUseCase {

    Result refreshAccessToken(Command command);

    /**
     * @param presented the hash of the token the client presented; empty when it sent none, or one that cannot be a
     *                  token (such a refresh is refused like one with an unknown token)
     * @param requester where it came from, for the audit trail
     */
    record Command(Optional<RefreshTokenHash> presented, Requester requester) {

        public Command {
            Objects.requireNonNull(presented, "presented");
            Objects.requireNonNull(requester, "requester");
        }

        /** The refresh of the token as the client sent it (the cookie's value), or of none. */
        public static Command of(String presentedToken, Requester requester) {
            return new Command(RefreshTokenHash.ofPresented(presentedToken), requester);
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Refreshed, T> refreshed, Function<Refused, T> refused);

        record Refreshed(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<Refreshed, T> refreshed, Function<Refused, T> refused) {
                return refreshed.apply(this);
            }
        }

        /** Missing, unknown, expired, revoked or reused: the client has to log in again. */
        record Refused() implements Result {
            @Override
            public <T> T match(Function<Refreshed, T> refreshed, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }
}

package dev.authservice.application.session.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.RefreshTokenHash;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** Exchanges a refresh token for a new access token and the refresh token's successor. */
public interface RefreshAccessTokenUseCase {

    Result refreshAccessToken(Command command);

    /**
     * @param presentedToken the token the client presented (the cookie's value); empty when it sent none, or one that
     *                       cannot be a token (such a refresh is refused like one with an unknown token)
     * @param requester      where it came from, for the audit trail
     */
    record Command(Optional<String> presentedToken, Requester requester) {

        public Command {
            Objects.requireNonNull(presentedToken, "presentedToken");
            Objects.requireNonNull(requester, "requester");
        }

        /** The refresh of the token as the client sent it, or of none. */
        public static Command of(String presentedToken, Requester requester) {
            return new Command(RefreshTokenHash.ofPresented(presentedToken).map(hash -> presentedToken), requester);
        }

        /** Never the token itself: it is a credential. */
        @Override
        public String toString() {
            return "Command[presented=" + presentedToken.flatMap(RefreshTokenHash::ofPresented) + ", requester="
                    + requester + "]";
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

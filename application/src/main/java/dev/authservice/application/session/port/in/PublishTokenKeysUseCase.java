package dev.authservice.application.session.port.in;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What another service needs to verify this one's access tokens by itself: the issuer, the algorithm, the keys. */
public interface PublishTokenKeysUseCase {

    Result publishTokenKeys(Query query);

    /** Nothing to ask but the question. */
    record Query() {
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Published, T> published, Function<SharedSecret, T> sharedSecret);

        /**
         * @param issuer    the {@code iss} of every access token
         * @param algorithm the JWS algorithm of every access token
         * @param keys      the public JWKs that verify them, signing key first
         */
        record Published(String issuer, String algorithm, List<Map<String, String>> keys) implements Result {

            public Published {
                keys = List.copyOf(keys);
            }

            @Override
            public <T> T match(Function<Published, T> published, Function<SharedSecret, T> sharedSecret) {
                return published.apply(this);
            }
        }

        /** HS256: the tokens are signed with a secret no other service may hold, so there is nothing to publish. */
        record SharedSecret() implements Result {
            @Override
            public <T> T match(Function<Published, T> published, Function<SharedSecret, T> sharedSecret) {
                return sharedSecret.apply(this);
            }
        }
    }
}

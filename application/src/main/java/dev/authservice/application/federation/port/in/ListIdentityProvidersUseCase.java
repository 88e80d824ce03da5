package dev.authservice.application.federation.port.in;

import dev.authservice.domain.federation.IdentityProvider;
import java.util.List;
import java.util.function.Function;

/** Anyone lists the configured identity providers, to offer a "Sign in with" button for each. */
public interface ListIdentityProvidersUseCase {

    Result listIdentityProviders(Query query);

    /** Nothing to ask but the question. */
    record Query() {
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        record Listed(List<IdentityProvider> providers) implements Result {
            public Listed {
                providers = List.copyOf(providers);
            }

            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}

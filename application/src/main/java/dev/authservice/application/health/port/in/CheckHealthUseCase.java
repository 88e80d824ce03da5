package dev.authservice.application.health.port.in;

import java.util.function.Function;

/** Whether the service can do its work: what a load balancer asks before it sends requests here. */
public interface CheckHealthUseCase {

    Result checkHealth(Query query);

    /** Nothing to ask but the question. */
    record Query() {
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Up, T> up, Function<Down, T> down);

        record Up() implements Result {
            @Override
            public <T> T match(Function<Up, T> up, Function<Down, T> down) {
                return up.apply(this);
            }
        }

        /** The stores do not answer: every login, refresh and list would fail. */
        record Down() implements Result {
            @Override
            public <T> T match(Function<Up, T> up, Function<Down, T> down) {
                return down.apply(this);
            }
        }
    }
}

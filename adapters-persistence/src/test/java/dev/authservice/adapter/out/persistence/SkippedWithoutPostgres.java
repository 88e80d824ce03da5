package dev.authservice.adapter.out.persistence;

import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * For jqwik's properties what {@link TestDatabase} is for JUnit's tests: without a PostgreSQL server they are skipped
 * outside CI; under {@code CI=true} they run, and fail.
 */
public final class SkippedWithoutPostgres implements SkipExecutionHook {

    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        return PostgresServer.whySkipped().map(SkipResult::skip).orElse(SkipResult.doNotSkip());
    }
}

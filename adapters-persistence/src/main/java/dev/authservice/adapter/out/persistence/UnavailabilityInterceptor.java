package dev.authservice.adapter.out.persistence;

import dev.authservice.application.shared.port.out.StoreUnavailableException;
import io.micronaut.aop.InterceptorBean;
import io.micronaut.aop.MethodInterceptor;
import io.micronaut.aop.MethodInvocationContext;
import io.micronaut.data.connection.exceptions.ConnectionException;
import jakarta.inject.Singleton;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a database that cannot be reached from any other failure: a connection that could not be had or made ready
 * (Micronaut Data's {@link ConnectionException}, the pool's timeout), or the SQLState the JDBC driver gives (SQL's
 * class 08, connection exception, and PostgreSQL's shutdowns, read-only standby and full connection slots).
 * Everything else passes through unchanged: a bug stays a 500.
 */
@Singleton
@InterceptorBean(TranslatesUnavailability.class)
class UnavailabilityInterceptor implements MethodInterceptor<Object, Object> {

    private static final Set<String> UNAVAILABLE_STATES = Set.of(
            "57P01", // admin_shutdown: the server is stopping
            "57P02", // crash_shutdown
            "57P03", // cannot_connect_now: starting, or a standby being promoted
            "25006", // read_only_sql_transaction: connected to a standby
            "53300"); // too_many_connections

    @Override
    public Object intercept(MethodInvocationContext<Object, Object> context) {
        try {
            return context.proceed();
        } catch (RuntimeException failure) {
            if (failure instanceof StoreUnavailableException) {
                throw failure;
            }
            Optional<Throwable> unavailable = unavailableCause(failure);
            if (unavailable.isPresent()) {
                throw new StoreUnavailableException("The database cannot be reached: " + describe(unavailable.get()),
                        failure);
            }
            throw failure;
        }
    }

    static Optional<Throwable> unavailableCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectionException || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLException sql && sql.getSQLState() != null
                            && (sql.getSQLState().startsWith("08") || UNAVAILABLE_STATES.contains(sql.getSQLState()))) {
                return Optional.of(cause);
            }
        }
        return Optional.empty();
    }

    /** The SQLState, or the kind of failure; never the driver's message, which may name hosts and users. */
    private static String describe(Throwable cause) {
        return cause instanceof SQLException sql && sql.getSQLState() != null ? "SQLState " + sql.getSQLState()
                : cause.getClass().getSimpleName();
    }
}

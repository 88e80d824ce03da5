package dev.authservice.application.shared.port.out;

/**
 * A store could not be reached or could not take a write: its database is down, failing over to a standby, or out of
 * connections. Any out-port backed by a database may throw it, and nothing is decided by it: the same request may
 * succeed when it is made again shortly, and a write in flight when it was thrown may or may not have been committed.
 */
public final class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.authservice.bootstrap.configuration;

/** The configuration makes running unsafe or impossible; the message says what to set. */
public final class MisconfigurationException extends RuntimeException {

    public MisconfigurationException(String message) {
        super(message, null, false, false);
    }
}

package dev.authservice.bootstrap;

/** The configuration makes running unsafe or impossible; the message says what to set. */
final class MisconfigurationException extends RuntimeException {

    MisconfigurationException(String message) {
        super(message, null, false, false);
    }
}

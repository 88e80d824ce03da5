package dev.authservice.application.mail.port.out;

/**
 * A mail was not taken. {@code permanent} when the server refused it for good (no such recipient) and trying again
 * would change nothing; otherwise (the server down, a time-out, a refusal for now) it is tried again later. The
 * message says why, for the logs; it never holds the mail's body.
 */
public final class MailNotSentException extends RuntimeException {

    private final boolean permanent;

    public MailNotSentException(String message, boolean permanent, Throwable cause) {
        super(message, cause);
        this.permanent = permanent;
    }

    public boolean permanent() {
        return permanent;
    }
}

package dev.authservice.application.mail.port.out;

import dev.authservice.domain.mail.OutgoingMail;

/** Hands a mail to whatever carries it on: an SMTP server, or a file for a developer to read. */
public interface MailTransport {

    /**
     * Sends the mail under its {@code Message-ID}; returns once it was taken.
     *
     * @throws MailNotSentException when it was not: the server down, slow or refusing
     */
    void send(OutgoingMail mail);

    /**
     * The worker's batch is over: a transport that kept a connection open for its mails closes it now, rather than
     * leave it to time out between rounds. A mail sent after this opens a new one.
     */
    default void endBatch() {
    }
}

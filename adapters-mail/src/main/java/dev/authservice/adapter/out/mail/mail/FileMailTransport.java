package dev.authservice.adapter.out.mail.mail;

import dev.authservice.application.mail.port.out.MailNotSentException;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * For development, where there is no mail server: each mail becomes {@code <message id>.eml} in a directory, the
 * bytes an SMTP server would have had (a mail program opens it), and its {@code https} links, and those to
 * {@code http://localhost} where the development service answers, are logged so that a developer can follow a link
 * without opening the file. Only the links are logged, never the rest of the body.
 * Written whole or not at all: a second attempt writes the same file again.
 */
public final class FileMailTransport implements MailTransport {

    private static final Logger LOG = LoggerFactory.getLogger(FileMailTransport.class);
    private static final Pattern LINK = Pattern.compile("(?:https://|http://localhost[:/])[^\\s<>\"]+");

    private final Path directory;
    private final EmailAddress from;
    private final Session session = Session.getInstance(new Properties());

    public FileMailTransport(Path directory, EmailAddress from) {
        this.directory = directory;
        this.from = from;
    }

    @Override
    public void send(OutgoingMail mail) {
        Path file = directory.resolve(mail.id() + ".eml");
        try {
            Files.createDirectories(directory);
            Path partial = Files.createTempFile(directory, mail.id().toString(), ".part");
            try (OutputStream out = Files.newOutputStream(partial)) {
                MimeMails.of(mail, from, session).writeTo(out);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | MessagingException failure) {
            throw new MailNotSentException("could not write " + file + ": " + failure, false, failure);
        }
        LOG.info("Mail to {} written to {}; its links: {}", mail.to(), file.toAbsolutePath(), links(mail.body()));
    }

    /** The {@code https} and {@code http://localhost} links of a body, in order. */
    static List<String> links(String body) {
        return LINK.matcher(body).results().map(MatchResult::group).toList();
    }
}

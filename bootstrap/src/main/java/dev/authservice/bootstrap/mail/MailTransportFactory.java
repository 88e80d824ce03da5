package dev.authservice.bootstrap.mail;

import dev.authservice.adapter.out.mail.mail.FileMailTransport;
import dev.authservice.adapter.out.mail.mail.SmtpMailTransport;
import dev.authservice.adapter.out.mail.mail.SmtpSettings;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.mail.EmailAddress;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How mail leaves: over SMTP where {@code auth.mail.smtp.host} is set; otherwise, in development, as {@code .eml}
 * files under {@code auth.mail.directory}; otherwise not at all, and the outbox keeps every mail until a server is
 * configured ({@link MailNotDelivered} says so at start). Each is built with the context, so that a bad setting stops
 * the start with one line naming its key.
 */
@Factory
class MailTransportFactory {

    /** The sender of the development .eml files: a name under .localhost (RFC 6761), which leaves this machine never. */
    private static final String DEVELOPMENT_FROM = "no-reply@auth-service.localhost";

    @Context
    @Requires(property = "auth.mail.smtp.host")
    MailTransport smtp(@Property(name = "auth.mail.smtp.host") String host,
                       @Property(name = "auth.mail.smtp.port") int port,
                       @Property(name = "auth.mail.smtp.tls") String tls,
                       @Property(name = "auth.mail.smtp.username") @Nullable String username,
                       @Property(name = "auth.mail.smtp.password") @Nullable String password,
                       @Property(name = "auth.mail.smtp.timeouts.connect") Duration connectTimeout,
                       @Property(name = "auth.mail.smtp.timeouts.read") Duration readTimeout,
                       @Property(name = "auth.mail.smtp.timeouts.write") Duration writeTimeout,
                       @Property(name = "auth.mail.from") @Nullable String from) {
        if (from == null) {
            throw new MisconfigurationException("auth.mail.from (AUTH_MAIL_FROM): the sender's address must be set"
                    + " to send mail over SMTP");
        }
        SmtpSettings.Security security;
        try {
            security = SmtpSettings.Security.valueOf(tls.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.mail.smtp.tls (AUTH_MAIL_SMTP_TLS) must be starttls, tls or"
                    + " none, not '" + tls + "'");
        }
        try {
            return new SmtpMailTransport(new SmtpSettings(host, port, security, Optional.ofNullable(username),
                    Optional.ofNullable(password), connectTimeout, readTimeout, writeTimeout, sender(from)));
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.mail.smtp.*: " + e.getMessage());
        }
    }

    @Context
    @Requires(missingProperty = "auth.mail.smtp.host")
    @Requires(env = Environment.DEVELOPMENT, notEnv = "prod")
    MailTransport files(@Property(name = "auth.mail.directory") String directory,
                        @Property(name = "auth.mail.from") @Nullable String from) {
        return new FileMailTransport(Path.of(directory), sender(from == null ? DEVELOPMENT_FROM : from));
    }

    private static EmailAddress sender(String from) {
        try {
            return new EmailAddress(from);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("auth.mail.from (AUTH_MAIL_FROM): " + e.getMessage());
        }
    }
}

package dev.authservice.adapter.out.mail.mail;

import dev.authservice.domain.mail.EmailAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how {@link SmtpMailTransport} reaches its server.
 *
 * @param security       how the connection is encrypted
 * @param username       to authenticate with, if the server wants it; with {@code password}
 * @param connectTimeout how long to wait for the server to answer a connection; the read and write time-outs bound
 *                       each command, so a silent server holds a worker for seconds, not forever
 * @param from           the sender of every mail, whose domain the {@code Message-ID}s are on
 */
public record SmtpSettings(String host, int port, Security security, Optional<String> username,
                           Optional<String> password, Duration connectTimeout, Duration readTimeout,
                           Duration writeTimeout, EmailAddress from) {

    /** How the connection to the server is encrypted. */
    public enum Security {
        /** Plain text: for a relay on the same host or network only. */
        NONE,
        /** Plain, then upgraded by STARTTLS, which the server must offer (port 587). */
        STARTTLS,
        /** TLS from the first byte (port 465). */
        TLS
    }

    public SmtpSettings {
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("a port is 1 to 65535, not " + port);
        }
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (username.isPresent() != password.isPresent()) {
            throw new IllegalArgumentException("a username and a password go together");
        }
        for (Duration timeout : new Duration[] {connectTimeout, readTimeout, writeTimeout}) {
            if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
                throw new IllegalArgumentException("a time-out is positive and at most 5m, not " + timeout);
            }
        }
        Objects.requireNonNull(from, "from");
    }

    /** Without the password. */
    @Override
    public String toString() {
        return "SmtpSettings[" + host + ":" + port + ", " + security + username.map(name -> ", as " + name).orElse("")
                + ", from " + from + "]";
    }
}

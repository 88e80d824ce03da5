package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The outbox's promise across processes (docs/mail.md): a mail committed with its change is delivered once however
 * the service and the SMTP server come and go. The jar is killed while its worker holds a mail it has claimed but not
 * sent, and started again with a real SMTP server up; two instances on one PostgreSQL database deliver a stream of
 * mails between them, each once.
 */
class MailOutboxIT {

    private static final String REQUESTS = "/api/password-reset/requests";

    @RegisterExtension
    final ServiceJar onH2 = new ServiceJar();

    @RegisterExtension
    final ServiceJar onPostgres = ServiceJar.onPostgres();

    @RegisterExtension
    final ServiceJar secondOnPostgres = new ServiceJar();

    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void closeWhatWasOpened() throws Exception {
        for (AutoCloseable each : opened) {
            each.close();
        }
    }

    @Test
    void aMailClaimedButNotSentWhenTheServiceIsKilledIsSentOnceAfterItStartsAgain() throws Exception {
        // A server that takes the connection and never greets: the worker has claimed the mail and waits in the send.
        ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        int smtpPort = silent.getLocalPort();
        CompletableFuture<Socket> connected = CompletableFuture.supplyAsync(() -> {
            try {
                return silent.accept();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Map<String, String> environment = mailTo(smtpPort);
        Http http = onH2.start(environment);

        Http.Answer requested = http.postJson(REQUESTS, "{\"username\": \"alice\"}");
        assertEquals(202, requested.status(), requested.toString());
        Socket inTheSend = connected.get(30, TimeUnit.SECONDS);
        onH2.kill();
        inTheSend.close();
        silent.close();

        GreenMail smtp = smtpServer(smtpPort);
        onH2.start(environment);

        assertTrue(smtp.waitForIncomingEmail(30_000, 1), "the mail committed before the kill never arrived");
        settle();
        MimeMessage[] received = smtp.getReceivedMessages();
        assertEquals(1, received.length, "the mail went out more than once");
        assertEquals("alice@example.com", received[0].getAllRecipients()[0].toString());
    }

    @Test
    void twoInstancesOnOnePostgresDatabaseSendEachMailOnce() throws Exception {
        int mails = 40;
        GreenMail smtp = smtpServer(ServiceJar.freePort());
        Map<String, String> environment = new HashMap<>(mailTo(smtp.getSmtp().getPort()));
        environment.put("AUTH_MAIL_WORKER_BATCH_SIZE", "2");
        Http one = onPostgres.start(environment);
        environment.putAll(onPostgres.databaseEnvironment());
        Http other = secondOnPostgres.start(environment);

        for (int i = 0; i < mails; i++) {
            Http.Answer requested = (i % 2 == 0 ? one : other).postJson(REQUESTS, "{\"username\": \"bob\"}");
            assertEquals(202, requested.status(), requested.toString());
        }

        assertTrue(smtp.waitForIncomingEmail(60_000, mails), "of " + mails + " mails, "
                + smtp.getReceivedMessages().length + " arrived");
        settle();
        Set<String> messageIds = new HashSet<>();
        for (MimeMessage message : smtp.getReceivedMessages()) {
            assertTrue(messageIds.add(messageId(message)), "a mail went out twice: " + messageId(message));
        }
        assertEquals(mails, messageIds.size());
    }

    /**
     * The service mails through the SMTP server on {@code port}, its worker polling often and trying again soon, the
     * limits on reset requests out of the way.
     */
    private static Map<String, String> mailTo(int port) {
        Map<String, String> environment = new HashMap<>();
        environment.put("MICRONAUT_ENVIRONMENTS", "dev");
        environment.put("AUTH_MAIL_SMTP_HOST", "127.0.0.1");
        environment.put("AUTH_MAIL_SMTP_PORT", Integer.toString(port));
        environment.put("AUTH_MAIL_SMTP_TLS", "none");
        environment.put("AUTH_MAIL_FROM", "no-reply@auth-service.localhost");
        environment.put("AUTH_MAIL_WORKER_INTERVAL", "200ms");
        environment.put("AUTH_MAIL_WORKER_LEASE", "3s");
        environment.put("AUTH_MAIL_BACK_OFF_BASE", "1s");
        environment.put("AUTH_MAIL_BACK_OFF_CEILING", "2s");
        environment.put("AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ACCOUNT", "100");
        environment.put("AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS", "100");
        return environment;
    }

    private GreenMail smtpServer(int port) {
        GreenMail smtp = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        opened.add(smtp::stop);
        return smtp;
    }

    /** Long enough for a duplicate to arrive: many worker intervals and more than a lease. */
    private static void settle() throws InterruptedException {
        Thread.sleep(Duration.ofSeconds(4).toMillis());
    }

    private static String messageId(MimeMessage message) {
        try {
            return message.getMessageID();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}

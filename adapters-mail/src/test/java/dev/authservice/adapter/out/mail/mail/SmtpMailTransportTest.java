package dev.authservice.adapter.out.mail.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import dev.authservice.application.fixtures.InMemoryMailOutbox;
import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.TickingClock;
import dev.authservice.application.mail.port.in.DeliverMailUseCase.Command;
import dev.authservice.application.mail.port.in.DeliverMailUseCase.Result;
import dev.authservice.application.mail.port.out.MailDeliveryReport;
import dev.authservice.application.mail.port.out.MailNotSentException;
import dev.authservice.application.mail.port.out.OutboxDepth;
import dev.authservice.application.mail.service.DeliverMailService;
import dev.authservice.domain.mail.BackOffJitter;
import dev.authservice.domain.mail.DeliveryPolicy;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The transport against GreenMail, a real SMTP server on a free port of this machine, started and stopped here. */
class SmtpMailTransportTest {

    private static final EmailAddress FROM = new EmailAddress("no-reply@auth.example.org");
    private static final Duration SHORT = Duration.ofSeconds(2);

    private final int port = freePort();
    private GreenMail server;

    @AfterEach
    void stopTheServer() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void aMailIsDeliveredOnceUnderItsMessageId() throws Exception {
        startTheServer(GreenMailConfiguration.aConfig());
        OutgoingMail mail = MailMother.toAlice(TestTime.now());
        transport(Optional.empty()).send(mail);

        MimeMessage[] received = server.getReceivedMessages();
        assertEquals(1, received.length);
        MimeMessage message = received[0];
        assertEquals(mail.id().header("auth.example.org"), message.getMessageID());
        assertEquals(mail.subject(), message.getSubject());
        assertEquals(FROM.value(), message.getFrom()[0].toString());
        assertEquals("alice@example.com", message.getAllRecipients()[0].toString());
        assertEquals(mail.body().strip().replace("\n", "\r\n"), GreenMailUtil.getBody(message).strip());
    }

    @Test
    void aDomainInAnyScriptGoesToTheServerInItsAsciiForm() throws Exception {
        startTheServer(GreenMailConfiguration.aConfig());
        transport(Optional.empty()).send(MailMother.to("Alice@Bücher.example", TestTime.now()));

        MimeMessage[] received = server.getReceivedMessages();
        assertEquals(1, received.length);
        assertEquals("Alice@xn--bcher-kva.example", received[0].getAllRecipients()[0].toString());
    }

    @Test
    void withAUsernameItAuthenticates() throws Exception {
        startTheServer(GreenMailConfiguration.aConfig().withUser("sender", "s3cret"));
        transport(Optional.of("s3cret")).send(MailMother.toAlice(TestTime.now()));
        assertEquals(1, server.getReceivedMessages().length);

        MailNotSentException refused = assertThrows(MailNotSentException.class,
                () -> transport(Optional.of("wrong")).send(MailMother.toAlice(TestTime.now())));
        assertFalse(refused.permanent(), "fixed in the configuration, then sent");
        assertFalse(refused.getMessage().contains("wrong"), refused.getMessage());
    }

    @Test
    void aServerDownIsAFailureToTryAgain() {
        MailNotSentException down = assertThrows(MailNotSentException.class,
                () -> transport(Optional.empty()).send(MailMother.toAlice(TestTime.now())));
        assertFalse(down.permanent());
        assertTrue(down.getMessage().contains("Connect"), down.getMessage());
    }

    /**
     * Required, not hoped for: a server whose EHLO offers no STARTTLS (an attacker on the path may strip it) is sent
     * nothing past the greeting, no sender, no recipient, no mail.
     */
    @Test
    void underStartTlsAServerThatOffersNoUpgradeGetsNoMailInTheClear() throws Exception {
        try (PlainSmtpServer plain = new PlainSmtpServer()) {
            SmtpMailTransport transport = new SmtpMailTransport(new SmtpSettings("127.0.0.1", plain.port(),
                    SmtpSettings.Security.STARTTLS, Optional.empty(), Optional.empty(), SHORT, SHORT, SHORT, FROM));

            MailNotSentException refused = assertThrows(MailNotSentException.class,
                    () -> transport.send(MailMother.toAlice(TestTime.now())));

            assertFalse(refused.permanent(), "tried again later, when the server may be set right");
            assertTrue(refused.getMessage().contains("STARTTLS"), refused.getMessage());
            assertFalse(plain.commands().contains("MAIL"), plain.commands().toString());
            assertFalse(plain.commands().contains("DATA"), plain.commands().toString());
        }
    }

    /** A server that offers the upgrade but cannot prove who it is gets no mail either. */
    @Test
    void underStartTlsACertificateNoAuthorityVouchesForIsRefused() {
        startTheServer(GreenMailConfiguration.aConfig());

        MailNotSentException refused = assertThrows(MailNotSentException.class,
                () -> transport(SmtpSettings.Security.STARTTLS).send(MailMother.toAlice(TestTime.now())));

        assertFalse(refused.permanent());
        assertEquals(0, server.getReceivedMessages().length);
    }

    /** GreenMail's certificate is its own, signed by no authority this JVM trusts: the handshake fails, no mail goes. */
    @Test
    void underTlsACertificateNoAuthorityVouchesForIsRefused() {
        server = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS));
        server.start();

        MailNotSentException refused = assertThrows(MailNotSentException.class,
                () -> transport(SmtpSettings.Security.TLS).send(MailMother.toAlice(TestTime.now())));

        assertFalse(refused.permanent());
        assertTrue(refused.getMessage().contains("SSLHandshakeException"), refused.getMessage());
        assertEquals(0, server.getReceivedMessages().length);
    }

    @Test
    void theMailsOfABatchShareAConnectionAndOneThatBrokeIsReplacedForTheNextMail() {
        startTheServer(GreenMailConfiguration.aConfig());
        SmtpMailTransport transport = transport(Optional.empty());
        transport.send(MailMother.toAlice(TestTime.now()));
        restartTheServer();

        MailNotSentException broken = assertThrows(MailNotSentException.class,
                () -> transport.send(MailMother.toAlice(TestTime.now())), "sent over the first mail's connection");
        assertFalse(broken.permanent());
        transport.send(MailMother.toAlice(TestTime.now()));
        assertEquals(1, server.getReceivedMessages().length);
    }

    @Test
    void theEndOfABatchClosesItsConnection() {
        startTheServer(GreenMailConfiguration.aConfig());
        SmtpMailTransport transport = transport(Optional.empty());
        transport.send(MailMother.toAlice(TestTime.now()));
        transport.endBatch();
        restartTheServer();

        transport.send(MailMother.toAlice(TestTime.now()));
        assertEquals(1, server.getReceivedMessages().length);
    }

    @Test
    void aMailTriedWhileTheServerIsDownIsDeliveredOnceItIsUpExactlyOnce() throws Exception {
        TickingClock clock = new TickingClock(TestTime.now());
        InMemoryMailOutbox outbox = new InMemoryMailOutbox();
        DeliveryPolicy policy = DeliveryPolicy.defaults();
        DeliverMailService worker = new DeliverMailService(outbox, transport(Optional.empty()), new Silent(), policy,
                BackOffJitter.NONE, Duration.ofMinutes(1), clock);
        OutgoingMail mail = MailMother.toAlice(clock.instant());
        outbox.enqueue(mail);

        assertEquals(new Result.Delivered(0, 1, 0, 0), worker.deliverMail(new Command(10)));
        assertEquals(new Result.Delivered(0, 1, 0, 0), after(policy.backOff(1), clock, worker));
        startTheServer(GreenMailConfiguration.aConfig());
        assertEquals(new Result.NothingDue(), worker.deliverMail(new Command(10)), "waits for its back-off");
        assertEquals(new Result.Delivered(1, 0, 0, 0), after(policy.backOff(2), clock, worker));
        assertEquals(new Result.NothingDue(), after(policy.backOffCeiling(), clock, worker));

        assertEquals(1, server.getReceivedMessages().length);
        assertEquals(mail.id().header("auth.example.org"), server.getReceivedMessages()[0].getMessageID());
        assertEquals(Optional.of(new MailDelivery.Sent(3, clock.instant().minus(policy.backOffCeiling()))),
                outbox.deliveryOf(mail.id()));
    }

    private static Result after(Duration wait, TickingClock clock, DeliverMailService worker) {
        clock.advance(wait);
        return worker.deliverMail(new Command(10));
    }

    private void startTheServer(GreenMailConfiguration configuration) {
        server = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP))
                .withConfiguration(configuration);
        server.start();
    }

    /** The same port, a new server: connections to the old one are gone. */
    private void restartTheServer() {
        server.stop();
        startTheServer(GreenMailConfiguration.aConfig());
    }

    private SmtpMailTransport transport(SmtpSettings.Security security) {
        return new SmtpMailTransport(new SmtpSettings("127.0.0.1", port, security, Optional.empty(), Optional.empty(),
                SHORT, SHORT, SHORT, FROM));
    }

    private SmtpMailTransport transport(Optional<String> password) {
        return new SmtpMailTransport(new SmtpSettings("127.0.0.1", port, SmtpSettings.Security.NONE,
                password.map(any -> "sender"), password, SHORT, SHORT, SHORT, FROM));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Silent implements MailDeliveryReport {

        @Override
        public void sent(OutgoingMail mail, MailDelivery.Sent sent) {
        }

        @Override
        public void retried(OutgoingMail mail, MailDelivery.Pending next, String reason) {
        }

        @Override
        public void gaveUp(OutgoingMail mail, MailDelivery.GivenUp givenUp) {
        }

        @Override
        public void outboxIs(OutboxDepth depth) {
        }
    }
}

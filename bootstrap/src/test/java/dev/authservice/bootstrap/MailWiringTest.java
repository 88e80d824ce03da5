package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.mail.port.in.DeliverMailUseCase;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micronaut.context.ApplicationContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which transport the configuration picks, the worker that delivers with it, and the settings refused at start. */
class MailWiringTest {

    @TempDir
    Path directory;

    @Test
    void inDevelopmentAQueuedMailBecomesAnEmlFileOnceCommitted() {
        OwnService.with(Map.of("auth.mail.directory", directory.toString(), "auth.mail.worker.interval", "100ms"),
                server -> {
                    ApplicationContext context = server.getApplicationContext();
                    OutgoingMail mail = context.getBean(Transactions.class).inTransaction(() -> context
                            .getBean(MailQueue.class).enqueue(new EmailAddress("alice@example.com"), "Reset",
                                    "Follow https://localhost:8080/reset?t=abc within the hour."));
                    Path file = directory.resolve(mail.id() + ".eml");
                    waitFor(() -> Files.exists(file));
                    waitFor(() -> context.getBean(MailOutbox.class).depth(Instant.now()).pending() == 0);
                    MeterRegistry metrics = context.getBean(MeterRegistry.class);
                    assertEquals(1, metrics.get("auth.mail.deliveries").tag("outcome", "sent").counter().count());
                    assertEquals(0, metrics.get("auth.mail.outbox.depth").gauge().value());
                    String scraped = context.getBean(PrometheusMeterRegistry.class).scrape();
                    for (String meter : new String[] {"auth_mail_deliveries_total{outcome=\"given_up\"} 0.0",
                            "auth_mail_outbox_depth 0.0", "auth_mail_outbox_oldest_age_seconds 0.0"}) {
                        assertTrue(scraped.contains(meter), meter);
                    }
                }, "dev");
    }

    @Test
    void outsideDevelopmentWithoutSmtpNoMailLeavesAndTheOutboxKeepsIt() {
        OwnService.with(Map.of(), server -> {
            ApplicationContext context = server.getApplicationContext();
            assertFalse(context.containsBean(MailTransport.class));
            assertFalse(context.containsBean(DeliverMailUseCase.class));
            context.getBean(MailQueue.class).enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
            assertEquals(1, context.getBean(MailOutbox.class).depth(Instant.now()).pending());
        });
    }

    @Test
    void withAnSmtpHostMailGoesOverSmtpFromTheConfiguredSender() {
        OwnService.with(Map.of("auth.mail.smtp.host", "127.0.0.1", "auth.mail.from", "no-reply@example.org"),
                server -> {
                    ApplicationContext context = server.getApplicationContext();
                    assertEquals("SmtpMailTransport", context.getBean(MailTransport.class).getClass().getSimpleName());
                    assertTrue(context.containsBean(DeliverMailUseCase.class));
                }, "dev");
    }

    @Test
    void aBadSettingStopsTheStartNamingItsKey() {
        assertEquals("auth.mail.from (AUTH_MAIL_FROM): the sender's address must be set to send mail over SMTP",
                OwnService.refusedStart(Map.of("auth.mail.smtp.host", "127.0.0.1")).getMessage());
        assertTrue(OwnService.refusedStart(Map.of("auth.mail.smtp.host", "127.0.0.1", "auth.mail.from",
                "no-reply@example.org", "auth.mail.smtp.tls", "ssl")).getMessage()
                .startsWith("auth.mail.smtp.tls (AUTH_MAIL_SMTP_TLS)"));
        assertTrue(OwnService.refusedStart(Map.of("auth.mail.back-off.base", "2h", "auth.mail.back-off.ceiling",
                "1h")).getMessage().startsWith("auth.mail.back-off.ceiling (AUTH_MAIL_BACK_OFF_CEILING)"));
        assertTrue(OwnService.refusedStart(Map.of("auth.mail.max-attempts", "0")).getMessage()
                .startsWith("auth.mail.max-attempts (AUTH_MAIL_MAX_ATTEMPTS)"));
    }

    private static void waitFor(BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (!condition.getAsBoolean()) {
            assertTrue(Instant.now().isBefore(deadline), "not within 20 s");
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}

package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.context.ApplicationContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The notices of changes to how one signs in, against the whole service: H2, the real outbox and its worker. */
class NoticesHttpTest {

    @TempDir
    Path directory;

    @Test
    void alicesPasswordChangedOverHttpIsToldToHerVerifiedAddressAsAnEmlFile() {
        OwnService.with(Map.of("auth.mail.directory", directory.toString(), "auth.mail.worker.interval", "100ms",
                "auth.mail.from", "no-reply@example.com"), server -> {
                    Http http = new Http(server.getURI());
                    String alice = "Bearer " + http.logIn("alice", "alice-password").accessToken();

                    Http.Answer changed = http.putJson("/api/user/password", "{\"currentPassword\": "
                            + "\"alice-password\", \"newPassword\": \"an entirely new passphrase\"}",
                            "Authorization", alice);

                    assertEquals(204, changed.status(), changed.toString());
                    String eml = waitForOneEml();
                    assertTrue(eml.contains("To: alice@example.com"), eml);
                    assertTrue(eml.contains("Subject: Your password was changed"), eml);
                    assertTrue(eml.contains("The password of your account alice was changed."), eml);
                    assertTrue(eml.contains("From: 127.0.0.1"), eml);
                    assertTrue(eml.contains("If this was not you: someone else knows your password."), eml);
                }, "dev");
    }

    @Test
    void aChangeRolledBackLeavesNoMailInTheOutboxAndOneCommittedLeavesItsMail() {
        OwnService.with(Map.of(), server -> {
            ApplicationContext context = server.getApplicationContext();
            Transactions transactions = context.getBean(Transactions.class);
            CredentialChanges changes = context.getBean(CredentialChanges.class);
            MailOutbox outbox = context.getBean(MailOutbox.class);
            UserId alice = context.getBean(UserStore.class).findByUsername(new Username("alice")).orElseThrow().id();
            Change change = Change.byTheUser(alice, CredentialChange.PASSWORD_CHANGED,
                    Requester.user(alice, new ClientAddress("203.0.113.7"), null), Instant.now());

            // The store fails after the notice was queued: the transaction rolls back, the notice with it.
            assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
                changes.make(change, () -> true);
                throw new IllegalStateException("the store failed after the write");
            }));
            assertEquals(0, outbox.depth(Instant.now()).pending());

            changes.make(change, () -> true);
            assertEquals(1, outbox.depth(Instant.now()).pending());
        });
    }

    private String waitForOneEml() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (true) {
            List<Path> files = emlFiles();
            if (!files.isEmpty()) {
                assertEquals(1, files.size(), files.toString());
                try {
                    return Files.readString(files.get(0));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            assertTrue(Instant.now().isBefore(deadline), "no .eml within 20 s");
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private List<Path> emlFiles() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.toString().endsWith(".eml")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

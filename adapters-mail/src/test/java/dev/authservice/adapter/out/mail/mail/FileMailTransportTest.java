package dev.authservice.adapter.out.mail.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileMailTransportTest {

    @TempDir
    Path directory;

    @Test
    void aMailIsAnEmlFileNamedByItsIdThatAMailProgramReads() throws Exception {
        Path mails = directory.resolve("data").resolve("mail");
        OutgoingMail mail = MailMother.toAlice(TestTime.now());
        FileMailTransport transport = new FileMailTransport(mails, new EmailAddress("no-reply@auth-service.localhost"));
        transport.send(mail);
        transport.send(mail);

        try (Stream<Path> files = Files.list(mails)) {
            assertEquals(List.of(mails.resolve(mail.id() + ".eml")), files.toList(), "written whole, once");
        }
        try (InputStream in = Files.newInputStream(mails.resolve(mail.id() + ".eml"))) {
            MimeMessage message = new MimeMessage(Session.getInstance(new Properties()), in);
            assertEquals(mail.id().header("auth-service.localhost"), message.getMessageID());
            assertEquals(mail.subject(), message.getSubject());
            assertTrue(((String) message.getContent()).contains("https://auth.example.com/account"));
        }
    }

    @Test
    void theLinksOfABodyAreItsHttpsUrlsAndThoseToLocalhost() {
        assertEquals(List.of("https://auth.example.com/reset?t=abc", "https://x.example/",
                        "http://localhost:8080/#reset-password=abc"),
                FileMailTransport.links("Reset: https://auth.example.com/reset?t=abc\n<https://x.example/> or "
                        + "http://plain.example/ or http://localhost:8080/#reset-password=abc"));
    }
}

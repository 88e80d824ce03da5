package dev.authservice.benchmarks;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.ServiceProcess;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How fast the mail outbox goes out to an SMTP server on loopback: the jar on a fresh PostgreSQL database, sending to
 * a GreenMail server started here; {@code count} mails (default 2,000) written into {@code mail_outbox} in one
 * statement, as committed changes would leave them, then waited for until every one is recorded sent. It prints the
 * rate between the first and the last recorded send, the service's CPU per mail over the whole drain, and that the
 * server received each mail once under its own Message-ID:
 * {@code DATASOURCES_DEFAULT_URL=jdbc:postgresql://127.0.0.1:5432/postgres DATASOURCES_DEFAULT_USERNAME=postgres
 * java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.OutboxDelivery [count] [jar]}.
 */
public final class OutboxDelivery {

    /** Longer than any drain here takes: past it the run fails rather than waits on a stuck worker. */
    private static final long GIVE_UP_NANOS = 600_000_000_000L;

    private OutboxDelivery() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        String server = Postgres.serverUrl().orElseThrow(() -> new IllegalArgumentException(
                "DATASOURCES_DEFAULT_URL must name a PostgreSQL server: the outbox is measured where instances share it"));
        GreenMail smtp = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        try (Postgres database = Postgres.createDatabase(server);
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.of(database.jdbcUrl()), Map.of(
                             "AUTH_MAIL_SMTP_HOST", "127.0.0.1",
                             "AUTH_MAIL_SMTP_PORT", Integer.toString(smtp.getSmtp().getPort()),
                             "AUTH_MAIL_SMTP_TLS", "none",
                             "AUTH_MAIL_FROM", "no-reply@auth-service.localhost",
                             "AUTH_MAIL_WORKER_INTERVAL", "200ms"))) {
            System.out.println("the service on " + database.name() + ", GreenMail on 127.0.0.1:"
                    + smtp.getSmtp().getPort() + ", " + count + " mails");
            long cpuBefore = Machine.processCpuNanos(service.pid());
            long machineBefore = Machine.machineBusyNanos();
            database.select("INSERT INTO mail_outbox (message_id, recipient, subject, body, created_at, state,"
                    + " attempts, next_attempt_at) SELECT gen_random_uuid(), 'user' || i || '@example.com',"
                    + " 'Your password was changed', 'Hello,' || chr(10) || 'your password was changed just now.'"
                    + " || chr(10) || 'Not you? https://auth.example.com/account', now(), 'PENDING', 0, now()"
                    + " FROM generate_series(1, " + count + ") AS i");
            long started = System.nanoTime();
            while (!database.select("SELECT count(*) FROM mail_outbox WHERE state <> 'SENT'").equals("0")) {
                if (System.nanoTime() - started > GIVE_UP_NANOS || !service.isAlive()) {
                    throw new IllegalStateException("the outbox did not drain: "
                            + database.select("SELECT state, count(*) FROM mail_outbox GROUP BY state")
                            + "\n" + service.log());
                }
                Thread.sleep(50);
            }
            long serviceCpu = Machine.processCpuNanos(service.pid()) - cpuBefore;
            long machineBusy = Machine.machineBusyNanos() - machineBefore;
            double seconds = Double.parseDouble(database.select(
                    "SELECT extract(epoch FROM max(ended_at) - min(ended_at)) FROM mail_outbox"));
            MimeMessage[] received = smtp.getReceivedMessages();
            System.out.printf("mail_delivery_per_s: %.1f%nmail_service_cpu_us: %.1f%nmail_machine_cpu_us: %.1f%n"
                    + "mails_received: %d%nmails_received_twice: %d%n", (count - 1) / seconds,
                    serviceCpu / 1e3 / count, machineBusy / 1e3 / count, received.length,
                    received.length - distinctMessageIds(received));
        } finally {
            smtp.stop();
        }
    }

    private static int distinctMessageIds(MimeMessage[] received) throws MessagingException {
        Set<String> ids = new HashSet<>();
        for (MimeMessage message : received) {
            ids.add(message.getMessageID());
        }
        return ids.size();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}

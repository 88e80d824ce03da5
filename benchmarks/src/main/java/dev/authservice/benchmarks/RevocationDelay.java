package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How long a logout on one instance takes to reach another: two instances of the jar on one fresh PostgreSQL
 * database, a login on the first, a protected read on the second (200), a logout on the first (204), then the same
 * read on the second, again and again, until it answers 401; the delay is from the logout's answer to that 401.
 * Repeated {@code count} times (default 200), it prints each instance's start and the delays' p50, p99 and maximum:
 * {@code DATASOURCES_DEFAULT_URL=jdbc:postgresql://127.0.0.1:5432/postgres DATASOURCES_DEFAULT_USERNAME=postgres
 * java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.RevocationDelay [count] [jar]}.
 */
public final class RevocationDelay {

    private RevocationDelay() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        String server = Postgres.serverUrl().orElseThrow(() -> new IllegalArgumentException(
                "DATASOURCES_DEFAULT_URL must name a PostgreSQL server: the instances share a database there"));
        Path javaHome = Path.of(System.getProperty("java.home"));
        try (Postgres database = Postgres.createDatabase(server);
             ServiceProcess first = ServiceProcess.start(javaHome, jar, RecommendedFlags.JVM_OPTIONS,
                     Optional.of(database.jdbcUrl()));
             ServiceProcess second = ServiceProcess.start(javaHome, jar, RecommendedFlags.JVM_OPTIONS,
                     Optional.of(database.jdbcUrl()));
             HttpConnection one = new HttpConnection("127.0.0.1", first.port());
             HttpConnection other = new HttpConnection("127.0.0.1", second.port())) {
            System.out.println("two instances on " + database.name() + ", ports " + first.port() + " and "
                    + second.port());
            String oneHost = "127.0.0.1:" + first.port();
            String otherHost = "127.0.0.1:" + second.port();
            List<Double> delays = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                HttpConnection.Response login = one.exchange(HttpConnection.request("POST", "/api/login",
                        oneHost, Scenarios.LOGIN_BODY, "Content-Type: application/json")).expect(200);
                String bearer = "Authorization: Bearer " + login.jsonString("accessToken");
                byte[] read = HttpConnection.request("GET", "/api/user/profile", otherHost, null, bearer);
                other.exchange(read).expect(200);
                one.exchange(HttpConnection.request("POST", "/api/logout", oneHost, null, bearer)).expect(204);
                long loggedOut = System.nanoTime();
                while (other.exchange(read).status() != 401) {
                    if (System.nanoTime() - loggedOut > 10_000_000_000L) {
                        throw new IllegalStateException("the other instance still accepts the token after 10 s");
                    }
                }
                delays.add((System.nanoTime() - loggedOut) / 1e6);
            }
            System.out.printf("revocation_delay_p50_ms: %.1f%nrevocation_delay_p99_ms: %.1f%n"
                    + "revocation_delay_max_ms: %.1f%n", percentile(delays, 0.50), percentile(delays, 0.99),
                    percentile(delays, 1.0));
        }
    }

    private static double percentile(List<Double> values, double share) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.ceil(share * sorted.size()) - 1);
    }
}

package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.logins.AlternatingLogins;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a second factor adds to a login, in the service's CPU time: a login with a TOTP (the password, which answers
 * a ticket, then the ticket with a code) against a password login, on one service, in alternating batches so that
 * both meet the same JIT. Each TOTP login is of a user of its own, enrolled beforehand, since a code is accepted once
 * per user and time step. Prints the CPU per login of each and their ratio (target: at most 1.10), and how each
 * splits into the Argon2 threads, the JIT compilers and the rest:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.SecondFactorLogins [logins] [jar]},
 * on a fresh H2, or on a fresh PostgreSQL database when DATASOURCES_DEFAULT_URL names a server.
 */
public final class SecondFactorLogins {

    private static final int BATCHES = 4;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SecondFactorLogins() {
    }

    public static void main(String[] args) throws Exception {
        int logins = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        Optional<String> server = Postgres.serverUrl();
        try (Postgres database = server.isPresent() ? Postgres.createDatabase(server.get()) : null;
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.ofNullable(database).map(Postgres::jdbcUrl))) {
            String host = "127.0.0.1:" + service.port();
            int warmup = logins / 4;
            System.out.printf(Locale.ROOT, "enrolling %d users with a TOTP on %s%n", warmup + logins,
                    database == null ? "H2" : database.name());
            List<Enrolled> users = enrol(service.port(), host, warmup + logins);

            // Unmeasured: both kinds of login until their code is compiled.
            AlternatingLogins.inParallel(warmup, i -> passwordLogin(service.port(), host));
            AlternatingLogins.inParallel(warmup, i -> totpLogin(service.port(), host, users.get(i)));

            Cpu password = new Cpu();
            Cpu totp = new Cpu();
            int perBatch = logins / BATCHES;
            for (int batch = 0; batch < BATCHES; batch++) {
                Cpu.Reading before = Cpu.read(service.pid());
                AlternatingLogins.inParallel(perBatch, i -> passwordLogin(service.port(), host));
                Cpu.Reading between = Cpu.read(service.pid());
                int first = warmup + batch * perBatch;
                AlternatingLogins.inParallel(perBatch, i -> totpLogin(service.port(), host, users.get(first + i)));
                Cpu.Reading after = Cpu.read(service.pid());
                password.add(before, between);
                totp.add(between, after);
            }
            int measured = perBatch * BATCHES;
            System.out.printf(Locale.ROOT, "password_login_cpu_ms: %.2f%ntotp_login_cpu_ms: %.2f%n"
                    + "totp_login_vs_password: %.3f (target <= 1.10; %d logins of each, %d batches)%n",
                    password.perLogin(measured), totp.perLogin(measured),
                    totp.perLogin(measured) / password.perLogin(measured), measured, BATCHES);
            System.out.printf(Locale.ROOT, "cpu ms per login, password / totp: hashing %.2f / %.2f, JIT compilers"
                    + " %.2f / %.2f, the rest %.2f / %.2f%n", password.hashing / 1e6 / measured,
                    totp.hashing / 1e6 / measured, password.jit / 1e6 / measured, totp.jit / 1e6 / measured,
                    password.rest() / 1e6 / measured, totp.rest() / 1e6 / measured);
        }
    }

    /**
     * The service's CPU over the batches of one kind of login: in all, on its Argon2 threads, and in its JIT
     * compilers, which work for whichever kind runs code not compiled yet.
     */
    private static final class Cpu {

        private long total;
        private long hashing;
        private long jit;

        record Reading(long total, long hashing, long jit) {
        }

        static Reading read(long pid) {
            return new Reading(Machine.processCpuNanos(pid), Machine.threadsCpuNanos(pid, "argon2id-"),
                    Machine.jitCompilerCpuNanos(pid));
        }

        void add(Reading from, Reading to) {
            total += to.total() - from.total();
            hashing += to.hashing() - from.hashing();
            jit += to.jit() - from.jit();
        }

        long rest() {
            return total - hashing - jit;
        }

        double perLogin(int logins) {
            return total / 1e6 / logins;
        }
    }

    /** A user with a confirmed TOTP, and the time step its confirmation used up. */
    private record Enrolled(String username, String password, byte[] secret, long confirmedStep) {
    }

    private static List<Enrolled> enrol(int port, String host, int count) throws Exception {
        List<Enrolled> users = new ArrayList<>();
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            String admin = "Authorization: Bearer " + connection.exchange(HttpConnection.request("POST",
                    "/api/login", host, "{\"username\":\"bob\",\"password\":\"bob-password\"}",
                    "Content-Type: application/json")).expect(200).jsonString("accessToken");
            for (int i = 0; i < count; i++) {
                String username = "totp-" + i;
                String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(18));
                connection.exchange(HttpConnection.request("POST", "/api/admin/users", host,
                        "{\"username\":\"" + username + "\",\"password\":\"" + password + "\",\"roles\":[\"USER\"],"
                                + "\"nickname\":\"T\",\"department\":\"Benchmark\"}",
                        "Content-Type: application/json", admin)).expect(201);
                String bearer = "Authorization: Bearer " + connection.exchange(HttpConnection.request(
                        "POST", "/api/login", host, credentials(username, password),
                        "Content-Type: application/json")).expect(200).jsonString("accessToken");
                byte[] secret = base32(connection.exchange(HttpConnection.request("POST",
                        "/api/user/second-factor/totp", host, null, bearer)).expect(200).jsonString("secret"));
                long step = step(Instant.now());
                connection.exchange(HttpConnection.request("POST", "/api/user/second-factor/totp/confirm",
                        host, "{\"code\":\"" + code(secret, step) + "\"}", "Content-Type: application/json",
                        bearer)).expect(200);
                users.add(new Enrolled(username, password, secret, step));
            }
        }
        return users;
    }

    private static void passwordLogin(int port, String host) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            connection.exchange(HttpConnection.request("POST", "/api/login", host, Scenarios.LOGIN_BODY,
                    "Content-Type: application/json")).expect(200);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The password, then the ticket with the code of the first step after the one its confirmation used. */
    private static void totpLogin(int port, String host, Enrolled user) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            String ticket = connection.exchange(HttpConnection.request("POST", "/api/login", host,
                    credentials(user.username(), user.password()), "Content-Type: application/json")).expect(401)
                    .jsonString("ticket");
            long step = Math.max(user.confirmedStep() + 1, step(Instant.now()));
            connection.exchange(HttpConnection.request("POST", "/api/login/second-factor", host,
                    "{\"ticket\":\"" + ticket + "\",\"code\":\"" + code(user.secret(), step) + "\"}",
                    "Content-Type: application/json")).expect(200);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String credentials(String username, String password) {
        return "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}";
    }

    private static long step(Instant at) {
        return at.getEpochSecond() / 30;
    }

    /** RFC 6238: HOTP (RFC 4226) of the time step, HMAC-SHA-1, six digits, as an authenticator app computes it. */
    static String code(byte[] secret, long step) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA1");
        mac.init(new SecretKeySpec(secret, "HmacSHA1"));
        byte[] hash = mac.doFinal(ByteBuffer.allocate(Long.BYTES).putLong(step).array());
        int offset = hash[hash.length - 1] & 0x0f;
        int binary = ((hash[offset] & 0x7f) << 24) | ((hash[offset + 1] & 0xff) << 16)
                | ((hash[offset + 2] & 0xff) << 8) | (hash[offset + 3] & 0xff);
        return String.format(Locale.ROOT, "%06d", binary % 1_000_000);
    }

    /** RFC 4648 base32, as the secret is shown to an authenticator app (upper case, no padding). */
    static byte[] base32(String text) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        ByteBuffer out = ByteBuffer.allocate(text.length() * 5 / 8);
        int buffer = 0;
        int bits = 0;
        for (char c : text.replace("=", "").toUpperCase(Locale.ROOT).toCharArray()) {
            int value = alphabet.indexOf(c);
            if (value < 0) {
                throw new IllegalArgumentException("not base32: " + c);
            }
            buffer = (buffer << 5) | value;
            bits += 5;
            if (bits >= 8) {
                out.put((byte) (buffer >> (bits - 8)));
                bits -= 8;
            }
        }
        return out.array();
    }

    private static byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}

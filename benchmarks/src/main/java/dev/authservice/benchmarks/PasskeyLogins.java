package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.logins.AlternatingLogins;
import dev.authservice.benchmarks.logins.PasskeyAuthenticator;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What a passkey login costs the service beside a password login, in its CPU time: a passkey login (the request
 * options, then the assertion, on one connection) skips Argon2id. One service, in alternating batches
 * ({@link AlternatingLogins}) after an unmeasured warm-up of both (two batches' worth of password logins, five of
 * passkey logins): 8 batches of an eighth of {@code logins} passkey logins each, beside batches of a fifth as many
 * password logins (a password login costs several times more, so that both sides' batches are long enough for the
 * 10 ms ticks of the service's CPU time). The passkeys,
 * {@value #PASSKEYS_PER_USER} for each of {@value #USERS} users, are registered beforehand through the service's own
 * ceremony by {@link PasskeyAuthenticator}; they keep no counter, as synced passkeys do, and are used in turn.
 * Prints, as the median of the batches with the smallest and largest in brackets, the CPU per login of each, the
 * logins per service CPU-second of each and their ratio, how many times cheaper a passkey login is:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.PasskeyLogins [logins] [jar]}, on a
 * fresh H2, or on a fresh PostgreSQL database when DATASOURCES_DEFAULT_URL names a server.
 */
public final class PasskeyLogins {

    static final int BATCHES = 8;
    private static final int USERS = 4;
    /** The most the service lets a user register. */
    private static final int PASSKEYS_PER_USER = 10;
    private static final int PASSWORD_LOGINS_PER_PASSKEY_LOGINS = 5;
    private static final String JSON = "Content-Type: application/json";
    private static final SecureRandom RANDOM = new SecureRandom();

    private PasskeyLogins() {
    }

    /** A registered passkey and the user handle its assertions give, as the registration options named it. */
    private record Registered(PasskeyAuthenticator authenticator, String userHandle) {
    }

    /** One batch of each kind: service milliseconds of CPU per login. */
    record PerLogin(double passwordMs, double passkeyMs) {

        double passwordPerCpuSecond() {
            return 1000 / passwordMs;
        }

        double passkeyPerCpuSecond() {
            return 1000 / passkeyMs;
        }

        /** How many passkey logins a password login's CPU pays for. */
        double timesCheaper() {
            return passwordMs / passkeyMs;
        }
    }

    public static void main(String[] args) throws Exception {
        int logins = args.length > 0 ? Integer.parseInt(args[0]) : 800;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        int passkeyPerBatch = logins / BATCHES;
        int passwordPerBatch = Math.max(AlternatingLogins.CLIENTS, passkeyPerBatch / PASSWORD_LOGINS_PER_PASSKEY_LOGINS);
        Optional<String> server = Postgres.serverUrl();
        try (Postgres database = server.isPresent() ? Postgres.createDatabase(server.get()) : null;
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.ofNullable(database).map(Postgres::jdbcUrl))) {
            int port = service.port();
            String host = "127.0.0.1:" + port;
            // The dev environment's only origin: the service's own address by name (docs/passkeys.md).
            String origin = "http://localhost:" + port;
            System.out.printf(Locale.ROOT, "registering %d passkeys of %d users on %s%n", USERS * PASSKEYS_PER_USER,
                    USERS, database == null ? "H2" : database.name());
            List<Registered> passkeys = register(port, host, origin);

            // Unmeasured: both kinds of login until their code is compiled.
            AlternatingLogins.inParallel(2 * passwordPerBatch, i -> passwordLogin(port, host));
            AlternatingLogins.inParallel(5 * passkeyPerBatch,
                    i -> passkeyLogin(port, host, origin, passkeys.get(i % passkeys.size())));

            List<AlternatingLogins.Batch> batches = AlternatingLogins.measure(service.pid(), BATCHES,
                    passwordPerBatch, i -> passwordLogin(port, host),
                    passkeyPerBatch, i -> passkeyLogin(port, host, origin, passkeys.get(i % passkeys.size())));
            List<PerLogin> perLogin = batches.stream().map(batch -> new PerLogin(
                    batch.firstNanos() / 1e6 / passwordPerBatch, batch.secondNanos() / 1e6 / passkeyPerBatch)).toList();
            System.out.printf(Locale.ROOT, "password_login_cpu_ms: %s%npasskey_login_cpu_ms: %s%n"
                            + "password_logins_per_cpu_s: %s%npasskey_logins_per_cpu_s: %s%n"
                            + "passkey_login_times_cheaper: %s (password CPU / passkey CPU; %d batches of %d password"
                            + " and %d passkey logins)%n",
                    spread(perLogin, PerLogin::passwordMs, "%.2f"), spread(perLogin, PerLogin::passkeyMs, "%.2f"),
                    spread(perLogin, PerLogin::passwordPerCpuSecond, "%.1f"),
                    spread(perLogin, PerLogin::passkeyPerCpuSecond, "%.1f"),
                    spread(perLogin, PerLogin::timesCheaper, "%.2f"), BATCHES, passwordPerBatch, passkeyPerBatch);
        }
    }

    /** {@code median (smallest to largest)} of one figure over the batches, each batch's own. */
    static <T> String spread(List<T> batches, ToDoubleFunction<T> figure, String format) {
        List<Double> values = batches.stream().map(figure::applyAsDouble).sorted().toList();
        return String.format(Locale.ROOT, format + " (" + format + " to " + format + ")", Rounds.median(values),
                values.get(0), values.get(values.size() - 1));
    }

    /** {@link #USERS} new users, each signed in and registering {@link #PASSKEYS_PER_USER} passkeys, in parallel. */
    private static List<Registered> register(int port, String host, String origin) throws Exception {
        String admin;
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            admin = "Authorization: Bearer " + connection.exchange(HttpConnection.request("POST", "/api/login", host,
                    "{\"username\":\"bob\",\"password\":\"bob-password\"}", JSON)).expect(200).jsonString("accessToken");
        }
        List<List<Registered>> perUser = new ArrayList<>();
        for (int i = 0; i < USERS; i++) {
            perUser.add(new ArrayList<>());
        }
        AlternatingLogins.inParallel(USERS, user -> {
            try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
                String username = "passkey-" + user;
                byte[] secret = new byte[18];
                RANDOM.nextBytes(secret);
                String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
                String credentials = "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}";
                connection.exchange(HttpConnection.request("POST", "/api/admin/users", host,
                        credentials.substring(0, credentials.length() - 1) + ",\"roles\":[\"USER\"],"
                                + "\"nickname\":\"P\",\"department\":\"Benchmark\"}", JSON, admin)).expect(201);
                String bearer = "Authorization: Bearer " + connection.exchange(HttpConnection.request("POST",
                        "/api/login", host, credentials, JSON)).expect(200).jsonString("accessToken");
                for (int k = 0; k < PASSKEYS_PER_USER; k++) {
                    String options = connection.exchange(HttpConnection.request("POST",
                            "/api/user/passkeys/registration-options", host, null, bearer)).expect(200).bodyText();
                    PasskeyAuthenticator authenticator = PasskeyAuthenticator.create(RANDOM);
                    connection.exchange(HttpConnection.request("POST", "/api/user/passkeys", host,
                            authenticator.registration(origin, stringIn(options, "rp", "id"),
                                    stringIn(options, "publicKey", "challenge")), JSON, bearer)).expect(201);
                    perUser.get(user).add(new Registered(authenticator, stringIn(options, "user", "id")));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return perUser.stream().flatMap(List::stream).toList();
    }

    private static void passwordLogin(int port, String host) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            connection.exchange(HttpConnection.request("POST", "/api/login", host, Scenarios.LOGIN_BODY, JSON))
                    .expect(200);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The options (no ticket: a passkey alone), then the assertion for their challenge, as a browser sends them. */
    private static void passkeyLogin(int port, String host, String origin, Registered passkey) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            String options = connection.exchange(HttpConnection.request("POST", "/api/login/passkey/options", host,
                    "{}", JSON)).expect(200).bodyText();
            String assertion = passkey.authenticator().assertion(origin, stringIn(options, "publicKey", "rpId"),
                    stringIn(options, "publicKey", "challenge"), passkey.userHandle());
            HttpConnection.Response loggedIn = connection.exchange(HttpConnection.request("POST",
                    "/api/login/passkey", host, assertion, JSON)).expect(200);
            if (loggedIn.jsonString("accessToken") == null || loggedIn.refreshCookie() == null) {
                throw new IllegalStateException("a passkey login without tokens: " + loggedIn.bodyText());
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The string value of {@code field} in the first object under key {@code object} of a small JSON text, such as
     * {@code user.id} of the registration options (where a plain search would find {@code rp.id} first); the
     * object's fields are taken to be strings and flat objects, as the options' are.
     */
    static String stringIn(String json, String object, String field) {
        int at = json.indexOf("\"" + object + "\"");
        int key = at < 0 ? -1 : json.indexOf("\"" + field + "\"", json.indexOf('{', at));
        int open = key < 0 ? -1 : json.indexOf('"', json.indexOf(':', key) + 1);
        int close = open < 0 ? -1 : json.indexOf('"', open + 1);
        if (close < 0) {
            throw new IllegalArgumentException("no " + object + "." + field + " in " + json);
        }
        return json.substring(open + 1, close);
    }
}

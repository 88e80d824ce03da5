package dev.authservice.benchmarks;

import static dev.authservice.benchmarks.load.Browser.expect;
import static dev.authservice.benchmarks.load.Browser.location;

import dev.authservice.benchmarks.load.Browser;
import dev.authservice.benchmarks.logins.AlternatingLogins;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;

/**
 * What a sign-in through an OpenID provider costs the service beside a password login, in its CPU time: the provider
 * is mock-oauth2-server, a real one, in this JVM, so its work is not the service's; each external sign-in is what a
 * browser does: the service's authorization redirect, the provider's authorization endpoint (which signs in at once
 * and redirects back with a code), the service's callback (the code exchanged at the provider's token endpoint, the ID
 * token checked, the session started), and {@code /api/refresh} for the access token. alice's identity at the provider
 * is linked first, through the same flow. One service, in alternating batches ({@link AlternatingLogins}) after an
 * unmeasured warm-up of both: {@value #BATCHES} batches of an eighth of {@code signIns} external sign-ins, beside
 * batches of a fifth as many password logins. Prints, as the median of the batches with the smallest and largest in
 * brackets, the CPU per sign-in of each, the sign-ins per service CPU-second, and how many times cheaper an external
 * sign-in is: {@code java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.ExternalSignIns [signIns]
 * [jar]}, on a fresh H2, or on a fresh PostgreSQL database when DATASOURCES_DEFAULT_URL names a server.
 */
public final class ExternalSignIns {

    static final int BATCHES = 8;
    private static final int PASSWORD_LOGINS_PER_EXTERNAL = 5;
    private static final String PROVIDER = "company";
    private static final String CLIENT_ID = "auth-service";
    private static final String SUBJECT = "alice-at-company";
    private static final Pattern ACCESS_TOKEN = Pattern.compile("\"accessToken\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern AUTHORIZATION_URL = Pattern.compile("\"authorizationUrl\"\\s*:\\s*\"([^\"]+)\"");

    private ExternalSignIns() {
    }

    /** One batch of each kind: service milliseconds of CPU per sign-in. */
    record PerSignIn(double passwordMs, double externalMs) {
    }

    public static void main(String[] args) throws Exception {
        int signIns = args.length > 0 ? Integer.parseInt(args[0]) : 1_600;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        int externalPerBatch = signIns / BATCHES;
        int passwordPerBatch = Math.max(AlternatingLogins.CLIENTS, externalPerBatch / PASSWORD_LOGINS_PER_EXTERNAL);
        MockOAuth2Server provider = new MockOAuth2Server();
        provider.start();
        Optional<String> server = Postgres.serverUrl();
        int port = ServiceProcess.freePort();
        // The callback's address, so that the browser brings the binding cookie back to where it got it.
        String base = "http://127.0.0.1:" + port;
        try (Postgres database = server.isPresent() ? Postgres.createDatabase(server.get()) : null;
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.ofNullable(database).map(Postgres::jdbcUrl), Map.of(
                             "MICRONAUT_SERVER_PORT", Integer.toString(port),
                             "AUTH_PUBLIC_URL", base,
                             "MICRONAUT_APPLICATION_JSON", "{\"auth\":{\"identity-providers\":{\"" + PROVIDER
                                     + "\":{\"issuer\":\"" + provider.issuerUrl(PROVIDER) + "\",\"client-id\":\""
                                     + CLIENT_ID + "\",\"client-secret\":\"benchmark-secret\"}}}}"))) {
            System.out.printf(Locale.ROOT, "the provider at %s; the service on %s%n", provider.issuerUrl(PROVIDER),
                    database == null ? "H2" : database.name());
            link(provider, base);

            // Unmeasured: both kinds until their code is compiled.
            AlternatingLogins.inParallel(2 * passwordPerBatch, i -> passwordLogin(base));
            AlternatingLogins.inParallel(5 * externalPerBatch, i -> externalSignIn(provider, base));

            List<AlternatingLogins.Batch> batches = AlternatingLogins.measure(service.pid(), BATCHES,
                    passwordPerBatch, i -> passwordLogin(base), externalPerBatch, i -> externalSignIn(provider, base));
            List<PerSignIn> perSignIn = batches.stream().map(batch -> new PerSignIn(
                    batch.firstNanos() / 1e6 / passwordPerBatch, batch.secondNanos() / 1e6 / externalPerBatch))
                    .toList();
            System.out.printf(Locale.ROOT, "password_login_cpu_ms: %s%nexternal_sign_in_cpu_ms: %s%n"
                            + "password_logins_per_cpu_s: %s%nexternal_sign_ins_per_cpu_s: %s%n"
                            + "external_sign_in_times_cheaper: %s (password CPU / external CPU; %d batches of %d"
                            + " password logins and %d external sign-ins)%n",
                    PasskeyLogins.spread(perSignIn, PerSignIn::passwordMs, "%.2f"),
                    PasskeyLogins.spread(perSignIn, PerSignIn::externalMs, "%.2f"),
                    PasskeyLogins.spread(perSignIn, each -> 1000 / each.passwordMs(), "%.1f"),
                    PasskeyLogins.spread(perSignIn, each -> 1000 / each.externalMs(), "%.1f"),
                    PasskeyLogins.spread(perSignIn, each -> each.passwordMs() / each.externalMs(), "%.2f"),
                    BATCHES, passwordPerBatch, externalPerBatch);
        } finally {
            provider.shutdown();
        }
    }

    /** alice signs in with her password and links her identity at the provider, as the profile's "Link" does. */
    private static void link(MockOAuth2Server provider, String base) throws IOException, InterruptedException {
        Browser browser = new Browser();
        Matcher token = ACCESS_TOKEN.matcher(expect(browser.send("POST", base + "/api/login", Scenarios.LOGIN_BODY,
                Map.of()), 200).body());
        if (!token.find()) {
            throw new IllegalStateException("alice's login gave no access token");
        }
        HttpResponse<String> started = expect(browser.send("POST", base + "/api/user/identities",
                "{\"provider\":\"" + PROVIDER + "\"}", Map.of("Authorization", "Bearer " + token.group(1))), 200);
        Matcher authorization = AUTHORIZATION_URL.matcher(started.body());
        if (!authorization.find()) {
            throw new IllegalStateException("no authorization URL in " + started.body());
        }
        provider.enqueueCallback(asAlice());
        String callback = location(expect(browser.send("GET", authorization.group(1), null, Map.of()), 302));
        String landing = location(expect(browser.send("GET", callback, null, Map.of()), 303));
        if (!landing.endsWith("#identity-linked")) {
            throw new IllegalStateException("the identity was not linked: " + landing);
        }
    }

    private static void externalSignIn(MockOAuth2Server provider, String base) {
        try {
            Browser browser = new Browser();
            String authorization = location(expect(browser.send("GET", base + "/api/identity-providers/"
                    + PROVIDER + "/authorization", null, Map.of()), 302));
            provider.enqueueCallback(asAlice());
            String callback = location(expect(browser.send("GET", authorization, null, Map.of()), 302));
            expect(browser.send("GET", callback, null, Map.of()), 303);
            if (!ACCESS_TOKEN.matcher(expect(browser.send("POST", base + "/api/refresh", "", Map.of()), 200).body())
                    .find()) {
                throw new IllegalStateException("an external sign-in without an access token");
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void passwordLogin(String base) {
        try {
            expect(new Browser().send("POST", base + "/api/login", Scenarios.LOGIN_BODY, Map.of()), 200);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DefaultOAuth2TokenCallback asAlice() {
        return new DefaultOAuth2TokenCallback(PROVIDER, SUBJECT, "JWT", List.of(CLIENT_ID), Map.of(), 3600);
    }
}

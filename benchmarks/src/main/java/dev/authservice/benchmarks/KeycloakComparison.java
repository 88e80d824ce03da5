package dev.authservice.benchmarks;

import dev.authservice.benchmarks.keycloak.KeycloakProcess;
import dev.authservice.benchmarks.keycloak.KeycloakRealm;
import dev.authservice.benchmarks.keycloak.KeycloakScenarios;
import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.rounds.Meter;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.rounds.Slices;
import dev.authservice.benchmarks.rounds.Warmup;
import dev.authservice.benchmarks.service.DemoUser;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code keycloak_} and {@code authservice_} figures: Keycloak ({@link KeycloakProcess}, {@link KeycloakRealm})
 * and a service of its own, each on a fresh database of the same PostgreSQL server, both warmed up alike, then
 * {@code --rounds} rounds of each scenario and Keycloak's counterpart ({@link #COUNTERPARTS}) in {@link Slices#COUNT}
 * slices taken in turn, as the algorithms are, so that each ratio's two sides were measured in the same stretch of
 * time. A ratio over 1 means the service answered more.
 */
final class KeycloakComparison {

    /** Each scenario of the service, and the nearest of Keycloak's to it ({@link KeycloakScenarios}). */
    static final Map<String, String> COUNTERPARTS = orderedMap("login", "login", "refresh", "refresh",
            "profile", "userinfo");

    /** The figures, in the order printed. */
    static final List<String> FIGURES = figureNames();

    private final Options options;
    private final PrintStream progress;
    private final Rounds rounds;
    private final Warmup warmup;
    private final Slices slices;

    KeycloakComparison(Options options, PrintStream progress, Rounds rounds) {
        this.options = options;
        this.progress = progress;
        this.rounds = rounds;
        this.warmup = new Warmup(progress);
        this.slices = new Slices(new Meter(progress, options.duration(), rounds), rounds);
    }

    /**
     * Runs Keycloak from {@code home} and the service, measures them, and puts their figures into {@code figures}.
     * Returns the unexpected answers.
     */
    long measure(Path home, Path javaHome, Path jar, String postgresServer, Map<String, Double> figures)
            throws Exception {
        long errors = 0;
        Postgres serviceDatabase = null;
        ServiceProcess service = null;
        Postgres keycloakDatabase = null;
        KeycloakProcess keycloak = null;
        try {
            serviceDatabase = Postgres.createDatabase(postgresServer);
            service = ServiceProcess.start(javaHome, jar, options.serviceJvmOptions(),
                    Optional.of(serviceDatabase.jdbcUrl()));
            progress.printf(Locale.ROOT, "beside Keycloak: the service started in %.0f ms on port %d%n",
                    service.startupMillis(), service.port());
            keycloakDatabase = Postgres.createDatabase(postgresServer);
            progress.println("starting Keycloak " + KeycloakProcess.version(home) + " on " + keycloakDatabase.name()
                    + " (its first start on a fresh unpack builds it for PostgreSQL: minutes)");
            keycloak = KeycloakProcess.start(home, javaHome, keycloakDatabase);
            progress.printf(Locale.ROOT, "Keycloak: started in %.0f ms on port %d; its JVM: %s%n",
                    keycloak.startupMillis(), keycloak.port(), keycloak.jvm());
            KeycloakRealm.create(keycloak);
            progress.println("Keycloak's password hash, as stored for " + DemoUser.USERNAME + ": "
                    + keycloakDatabase.select("SELECT c.credential_data FROM credential c JOIN user_entity u"
                    + " ON u.id = c.user_id WHERE u.username = '" + DemoUser.USERNAME + "'"));
            checkLoopback(keycloak);

            Scenarios ours = new Scenarios("127.0.0.1", service.port(), options.concurrency());
            KeycloakScenarios theirs = new KeycloakScenarios("127.0.0.1", keycloak.port(), options.concurrency());
            Map<String, List<? extends ClosedLoop.VirtualClient>> serviceScenarios = new LinkedHashMap<>();
            serviceScenarios.put("login", ours.login());
            serviceScenarios.put("refresh", ours.refresh());
            serviceScenarios.put("profile", ours.profile());
            Map<String, List<? extends ClosedLoop.VirtualClient>> keycloakScenarios = new LinkedHashMap<>();
            keycloakScenarios.put("login", theirs.login());
            keycloakScenarios.put("refresh", theirs.refresh());
            keycloakScenarios.put("userinfo", theirs.userinfo());
            if (!options.warmup().isZero()) {
                progress.println("warming up the service beside Keycloak");
                errors += warmup.warmUp(serviceScenarios, options.warmup(), service);
                progress.println("warming up Keycloak");
                errors += warmup.warmUp(keycloakScenarios, options.warmup(), keycloak);
            }
            Duration slice = options.duration().dividedBy(Slices.COUNT);
            for (int round = 1; round <= options.rounds(); round++) {
                serviceDatabase.vacuumAnalyze();
                keycloakDatabase.vacuumAnalyze();
                for (var scenario : COUNTERPARTS.entrySet()) {
                    List<Slices.Part> parts = List.of(
                            new Slices.Part("authservice_" + scenario.getKey(), service, true,
                                    serviceScenarios.get(scenario.getKey())),
                            new Slices.Part("keycloak_" + scenario.getValue(), keycloak, true,
                                    keycloakScenarios.get(scenario.getValue())));
                    progress.printf(Locale.ROOT, "round %d %s against Keycloak's %s: %d slices of %d ms on each in"
                            + " turn%n", round, scenario.getKey(), scenario.getValue(), Slices.COUNT,
                            slice.toMillis());
                    errors += slices.measure(Slices.inTurn(parts, round), slice);
                }
            }
            figures.put("keycloak_rss_mb", Machine.peakRssMib(keycloak.pid()));
            progress.println("Keycloak's sessions in PostgreSQL: " + keycloakDatabase.select(
                    "SELECT count(*) FROM offline_user_session WHERE offline_flag = '0'"));
            checkLoopback(keycloak);
            if (errors > 0) {
                progress.println("Keycloak's log after unexpected answers:\n" + keycloak.log());
            }
        } finally {
            if (keycloak != null) {
                keycloak.close();
            }
            if (keycloakDatabase != null) {
                keycloakDatabase.close();
            }
            if (service != null) {
                service.close();
            }
            if (serviceDatabase != null) {
                serviceDatabase.close();
            }
        }
        figures.putAll(figuresOf(rounds));
        return errors;
    }

    /**
     * The rates and p99s of both sides, medians of the rounds, and each ratio: the service's rate over Keycloak's, the
     * median of the rounds' own (above 1: the service answered more). Not {@code keycloak_rss_mb}, read from Keycloak.
     */
    static Map<String, Double> figuresOf(Rounds rounds) {
        Map<String, Double> figures = new LinkedHashMap<>();
        COUNTERPARTS.forEach((ours, theirs) -> {
            for (String figure : List.of("authservice_" + ours, "keycloak_" + theirs)) {
                figures.put(figure + "_rps", rounds.median(figure + "_rps"));
                figures.put(figure + "_p99_ms", rounds.median(figure + "_p99_ms"));
            }
            figures.put(vsKeycloak(ours, theirs),
                    rounds.medianRatio("authservice_" + ours + "_rps", "keycloak_" + theirs + "_rps"));
        });
        return figures;
    }

    private static List<String> figureNames() {
        List<String> names = new ArrayList<>();
        COUNTERPARTS.forEach((ours, theirs) -> {
            for (String figure : List.of("authservice_" + ours, "keycloak_" + theirs)) {
                names.add(figure + "_rps");
                names.add(figure + "_p99_ms");
            }
            names.add(vsKeycloak(ours, theirs));
        });
        names.add("keycloak_rss_mb");
        return List.copyOf(names);
    }

    /**
     * {@code login_vs_keycloak}, or, where Keycloak's counterpart has another name,
     * {@code profile_vs_keycloak_userinfo}.
     */
    private static String vsKeycloak(String ours, String theirs) {
        return ours + "_vs_keycloak" + (ours.equals(theirs) ? "" : "_" + theirs);
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * Stops the run if Keycloak holds a socket off loopback: it is to reach nothing but this machine's loopback, and
     * the settings of {@link KeycloakProcess} are what keep it so.
     */
    private void checkLoopback(KeycloakProcess keycloak) throws IOException {
        List<String> outside = Machine.socketsOffLoopback(keycloak.pid());
        if (!outside.isEmpty()) {
            throw new IOException("Keycloak has sockets off loopback: " + outside);
        }
        progress.println("Keycloak's sockets: all on loopback");
    }
}

package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.benchmarks.rounds.Slices;
import dev.authservice.benchmarks.rounds.Warmup;
import dev.authservice.benchmarks.service.RecommendedFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The command-line flags. */
record Options(int concurrency, Duration duration, int rounds, Duration warmup, Duration warmLogins, Path jar,
               Path out, List<String> serviceJvmOptions, Optional<Path> jdk25, List<JwtAlgorithm> algorithms,
               Optional<Path> keycloak, Optional<Path> baseline) {

    /** Where the JDK 25 of startup_jdk25_aot_ms is looked for unless --jdk25 says otherwise. */
    static final Path DEFAULT_JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    /** Keycloak's start script, in the directory {@code --keycloak} names. */
    static final String KEYCLOAK_SCRIPT = "bin/kc.sh";

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar [flags]
              --concurrency N          virtual clients of the HTTP scenarios (default 32)
              --duration D             length of one measured run of each scenario (and of pgbench), e.g. 6s, 500ms,
                                       1m (default 6s: the whole run, PostgreSQL, JDK 25 and the algorithms included,
                                       in 15 to 20 min; 3.5 to 5 min with --algorithms none)
              --rounds N               measured rounds, and starts of each kind; every figure is the median over
                                       them (default 3)
              --warmup D               unmeasured runs of each HTTP scenario in turn before the rounds, turn after
                                       turn until the service's JIT compilers take under %.0f%% of its CPU in one
                                       (at most %d s); 0s for none (default 3s)
              --warm-logins D          after the rounds, logins alone for D, then --rounds pairs of a login run and
                                       a raw-hash run: login_vs_hash_warm, once a login's own code is compiled (it
                                       takes 2 to 3 minutes of logins: 150s does); 0s leaves it out (default 0s)
              --jar PATH               the service jar (default bootstrap/target/auth-service.jar)
              --out DIR                where results.json and results.png go (default docs/benchmarks)
              --service-jvm-options S  JVM options of the service process, space-separated; "" for the JDK's
                                       defaults (default: the recommended production flags, printed first)
              --jdk25 PATH             the JDK 25 home for startup_jdk25_aot_ms (an AOT cache training run, then a
                                       start with the cache), or "none" to skip it (default %s if it exists)
              --algorithms LIST        after the rounds, one more service per access-token algorithm (HS256, ES256,
                                       EdDSA, RS256; comma-separated), all warmed up, then --rounds rounds of
                                       profile, cold profile, login and refresh, each --duration cut in %d slices
                                       taken on the services in turn: the <alg>_ figures; "none" leaves them out
                                       (default HS256,ES256,EdDSA)
              --keycloak DIR           after the rounds, Keycloak from DIR, an unpacked keycloak-quarkus-dist
                                       (./mvnw -q -B package -DskipTests -Pkeycloak unpacks it into
                                       benchmarks/target/keycloak-<version>), beside a service of its own, both on
                                       PostgreSQL and warmed up, then --rounds rounds of login, refresh and a
                                       protected read, each --duration cut in %d slices taken in turn: the
                                       keycloak_ and authservice_ figures and the _vs_keycloak ratios; needs
                                       DATASOURCES_DEFAULT_URL (default: left out)
              --baseline JAR           after the rounds, a service of JAR (an earlier build) beside one of --jar,
                                       both HS256, warmed up, then --rounds rounds of ping, profile, login and
                                       refresh, each --duration cut in %d slices taken in turn: the baseline_ and
                                       candidate_ figures and the _vs_baseline ratios of rates and of the
                                       service's CPU per answer (default: left out)
            Environment: DATASOURCES_DEFAULT_URL (with _USERNAME and _PASSWORD) names a PostgreSQL server: the
            service then runs on a fresh database created there for the run (auth_bench_<time>, dropped afterwards),
            and pgbench and the service's JDBC driver measure the database's own ceiling. Without it the service runs on a fresh H2.
            MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_ are passed to the service (default: the recommended
            ones).""".formatted(100 * Warmup.QUIET_JIT_SHARE, Warmup.MAX_DURATION.toSeconds(), DEFAULT_JDK25,
                    Slices.COUNT, Slices.COUNT, Slices.COUNT);

    static Options parse(String... args) {
        int concurrency = 32;
        Duration duration = Duration.ofSeconds(6);
        int rounds = 3;
        Duration warmup = Duration.ofSeconds(3);
        Duration warmLogins = Duration.ZERO;
        Path jar = Path.of("bootstrap/target/auth-service.jar");
        Path out = Path.of("docs/benchmarks");
        List<String> jvmOptions = RecommendedFlags.JVM_OPTIONS;
        Optional<Path> jdk25 = Files.isExecutable(DEFAULT_JDK25.resolve("bin/java")) ? Optional.of(DEFAULT_JDK25)
                : Optional.empty();
        List<JwtAlgorithm> algorithms = DEFAULT_ALGORITHMS;
        Optional<Path> keycloak = Optional.empty();
        Optional<Path> baseline = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            String value;
            int equals = flag.indexOf('=');
            if (equals > 0) {
                value = flag.substring(equals + 1);
                flag = flag.substring(0, equals);
            } else if (flag.equals("--help") || flag.equals("-h")) {
                throw new IllegalArgumentException(USAGE);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException(flag + " needs a value\n" + USAGE);
            }
            switch (flag) {
                case "--concurrency" -> concurrency = positive(flag, value);
                case "--duration" -> duration = duration(flag, value);
                case "--rounds" -> rounds = positive(flag, value);
                case "--warmup" -> warmup = duration(flag, value);
                case "--warm-logins" -> warmLogins = duration(flag, value);
                case "--jar" -> jar = Path.of(value);
                case "--out" -> out = Path.of(value);
                case "--service-jvm-options" -> jvmOptions = value.isBlank() ? List.of()
                        : Arrays.asList(value.trim().split("\\s+"));
                case "--jdk25" -> jdk25 = value.equals("none") ? Optional.empty() : Optional.of(Path.of(value));
                case "--algorithms" -> algorithms = algorithms(flag, value);
                case "--keycloak" -> keycloak = Optional.of(Path.of(value));
                case "--baseline" -> baseline = Optional.of(Path.of(value));
                default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
            }
        }
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be more than 0");
        }
        if (jdk25.isPresent() && !Files.isExecutable(jdk25.get().resolve("bin/java"))) {
            throw new IllegalArgumentException("--jdk25: no bin/java in " + jdk25.get());
        }
        if (keycloak.isPresent() && !Files.isExecutable(keycloak.get().resolve(KEYCLOAK_SCRIPT))) {
            throw new IllegalArgumentException("--keycloak: no " + KEYCLOAK_SCRIPT + " in " + keycloak.get()
                    + "; unpack Keycloak with ./mvnw -q -B package -DskipTests -Pkeycloak");
        }
        if (baseline.isPresent() && !Files.isRegularFile(baseline.get())) {
            throw new IllegalArgumentException("--baseline: no service jar at " + baseline.get());
        }
        return new Options(concurrency, duration, rounds, warmup, warmLogins, jar, out, List.copyOf(jvmOptions),
                jdk25, algorithms, keycloak, baseline);
    }

    /**
     * Refuses what these options cannot do with the database the environment names ({@code postgresServer}, empty for
     * H2): Keycloak is measured on PostgreSQL only, where both keep their sessions in the same server.
     */
    void checkDatabase(Optional<String> postgresServer) {
        if (keycloak.isPresent() && postgresServer.isEmpty()) {
            throw new IllegalArgumentException("--keycloak needs PostgreSQL: set DATASOURCES_DEFAULT_URL (and"
                    + " DATASOURCES_DEFAULT_USERNAME) to a server on loopback");
        }
    }

    /** HS256 first, the reference of the {@code _vs_hs256} figures, then the two the targets name. */
    static final List<JwtAlgorithm> DEFAULT_ALGORITHMS = List.of(JwtAlgorithm.HS256, JwtAlgorithm.ES256,
            JwtAlgorithm.EdDSA);

    private static List<JwtAlgorithm> algorithms(String flag, String value) {
        if (value.equals("none")) {
            return List.of();
        }
        try {
            return Arrays.stream(value.split(",")).map(String::trim).map(JwtAlgorithm::named).distinct().toList();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage());
        }
    }

    private static int positive(String flag, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(flag + " must be a whole number of at least 1, not " + value);
    }

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");

    static Duration duration(String flag, String value) {
        Matcher m = DURATION.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(flag + " must look like 10s, 500ms or 1m, not " + value);
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> amount;
            case "m" -> amount * 60_000;
            default -> amount * 1_000;
        };
        return Duration.ofMillis(Math.round(millis));
    }
}

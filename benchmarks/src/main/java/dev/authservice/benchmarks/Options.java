package dev.authservice.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The command-line flags. */
record Options(int concurrency, Duration duration, int rounds, Duration warmup, Path jar, Path out,
               List<String> serviceJvmOptions) {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar [flags]
              --concurrency N          virtual clients of the HTTP scenarios (default 32)
              --duration D             length of one measured run of each scenario, e.g. 10s, 500ms, 1m (default 10s)
              --rounds N               measured rounds; every figure is the median over them (default 3)
              --warmup D               one unmeasured run of each HTTP scenario before the rounds; 0s for none (default 3s)
              --jar PATH               the service jar (default bootstrap/target/auth-service.jar)
              --out DIR                where results.json and results.png go (default docs/benchmarks)
              --service-jvm-options S  JVM options of the service process, space-separated (default none)
            Environment: DATASOURCES_DEFAULT_URL (with _USERNAME and _PASSWORD) runs the service on that database
            instead of a fresh H2.""";

    static Options parse(String... args) {
        int concurrency = 32;
        Duration duration = Duration.ofSeconds(10);
        int rounds = 3;
        Duration warmup = Duration.ofSeconds(3);
        Path jar = Path.of("bootstrap/target/auth-service.jar");
        Path out = Path.of("docs/benchmarks");
        List<String> jvmOptions = List.of();
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
                case "--jar" -> jar = Path.of(value);
                case "--out" -> out = Path.of(value);
                case "--service-jvm-options" -> jvmOptions = value.isBlank() ? List.of()
                        : Arrays.asList(value.trim().split("\\s+"));
                default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
            }
        }
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be more than 0");
        }
        return new Options(concurrency, duration, rounds, warmup, jar, out, List.copyOf(jvmOptions));
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

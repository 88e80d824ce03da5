package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The launcher, {@code src/main/sh/auth-service} (the build puts it beside the jar), run against a fake JDK whose
 * {@code java} writes down what it was given: the recommended flags, malloc settings and umask, the user's options
 * after them, and the class cache made by a first start, checked by the JVM, used by the starts after it and made
 * again for a newer jar, and never taken from where another user could have written it. That a real JVM makes and
 * uses the cache is measured, not tested here (docs/deployment.md).
 */
class LauncherTest {

    /** The recommended production flags (docs/benchmarks/README.md, "Memory"; the benchmark's RecommendedFlags). */
    /** The flags on every JDK; {@code ImageIT} finds them on the image's JVM too. */
    static final List<String> RECOMMENDED = List.of("-XX:+UseSerialGC", "-Xms56m", "-Xmx56m",
            "-XX:ReservedCodeCacheSize=64m", "-Xss512k", "-XX:MaxDirectMemorySize=32m",
            "-Dio.netty.allocator.numDirectArenas=2", "-Dio.netty.allocator.numHeapArenas=2");

    /**
     * Each call writes its umask and its environment's malloc settings, then its arguments, one a line, to a file of
     * its own; a call that would write a cache at exit writes a file there; {@code -version} answers
     * FAKE_VERSION_EXIT.
     */
    private static final String FAKE_JAVA = """
            #!/bin/sh
            n=$(ls "$FAKE_CALLS" | wc -l)
            { echo "umask=$(umask) MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-}" \\
                "MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-}"
              for a in "$@"; do echo "$a"; done; } > "$FAKE_CALLS/$((n + 100))"
            for a in "$@"; do
                case $a in
                    -version) exit "${FAKE_VERSION_EXIT:-0}" ;;
                    -XX:ArchiveClassesAtExit=* | -XX:AOTCacheOutput=*) echo cache > "${a#*=}" ;;
                esac
            done
            """;

    @TempDir
    Path directory;
    private Path distribution;
    private Path jar;
    private Path calls;
    /** What the launcher printed in its last run. */
    private String output;

    @BeforeEach
    void aDistributionAndItsCalls() throws IOException {
        // The Maven wrapper that runs these tests is itself a POSIX shell script.
        assertTrue(Files.isExecutable(Path.of("/bin/sh")), "a POSIX shell");
        // As the build makes it, whatever the umask of the shell that runs the test.
        distribution = Files.createDirectories(directory.resolve("dist"));
        Files.setPosixFilePermissions(distribution, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(Path.of("src/main/sh/auth-service"), distribution.resolve("auth-service"));
        jar = Files.writeString(distribution.resolve("auth-service.jar"), "a jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        calls = Files.createDirectories(directory.resolve("calls"));
    }

    @Test
    void onJdk17TheFirstStartRecordsACdsArchiveAndTheNextUsesIt() throws Exception {
        Path jdk = jdk("17.0.15+6");

        List<String> first = start(jdk, Map.of());

        Path made = onlyCacheFile();
        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000",
                "-XX:ArchiveClassesAtExit=" + made, "-Xlog:cds=error"), first);
        assertTrue(made.getFileName().toString().matches("auth-service-jdk17\\.0\\.15_6\\.\\d+\\.tmp\\.jsa"),
                made.toString());
        assertEquals("umask=0077 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576", environmentOf(0));

        List<String> second = start(jdk, Map.of());

        Path cache = distribution.resolve("auth-service-jdk17.0.15_6.jsa");
        assertEquals(List.of(cache), cacheFiles(), "checked, then named as the cache");
        List<String> check = call(1);
        assertTrue(check.containsAll(List.of("-XX:SharedArchiveFile=" + made, "-Xshare:on", "-version")),
                check.toString());
        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000",
                "-XX:SharedArchiveFile=" + cache, "-Xlog:cds=error"), second);

        assertEquals(second, start(jdk, Map.of()), "used from then on, with no check");
        assertEquals(4, callCount());
    }

    @Test
    void onJdk25TheFirstStartRecordsAnAotCacheWithoutTheMetaspaceCapAndTheNextUsesIt() throws Exception {
        Path jdk = jdk("25.0.3+9-LTS");

        List<String> first = start(jdk, Map.of());

        Path made = onlyCacheFile();
        assertTrue(made.getFileName().toString().matches("auth-service-jdk25\\.0\\.3_9-LTS\\.\\d+\\.tmp\\.aot"),
                made.toString());
        assertEquals(jvmOptions("-XX:TrimNativeHeapInterval=1000", "--enable-native-access=ALL-UNNAMED",
                "-XX:AOTCacheOutput=" + made, "-Xlog:aot=error,cds=error"), first);

        List<String> second = start(jdk, Map.of());

        Path cache = distribution.resolve("auth-service-jdk25.0.3_9-LTS.aot");
        List<String> check = call(1);
        assertTrue(check.containsAll(List.of("--enable-native-access=ALL-UNNAMED", "-XX:MaxMetaspaceSize=80m",
                "-XX:AOTCache=" + made, "-XX:AOTMode=on", "-version")),
                "the options of the start that uses it: " + check);
        assertTrue(check.containsAll(RECOMMENDED), check.toString());
        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000",
                "--enable-native-access=ALL-UNNAMED", "-XX:AOTCache=" + cache, "-Xlog:aot=error,cds=error"), second);
    }

    @Test
    void aCacheTheJvmRefusesIsDroppedAndTheNextStartRecordsAnother() throws Exception {
        Path jdk = jdk("25.0.3+9-LTS");
        start(jdk, Map.of());

        List<String> second = start(jdk, Map.of("FAKE_VERSION_EXIT", "1"));

        assertTrue(second.stream().anyMatch(option -> option.startsWith("-XX:AOTCacheOutput=")), second.toString());
        assertEquals(1, cacheFiles().size(), "only the new one: " + cacheFiles());
    }

    @Test
    void aJarNewerThanTheCacheHasItMadeAgain() throws Exception {
        Path jdk = jdk("17.0.15+6");
        start(jdk, Map.of());
        start(jdk, Map.of());
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));

        List<String> afterTheBuild = start(jdk, Map.of());

        assertTrue(afterTheBuild.stream().anyMatch(option -> option.startsWith("-XX:ArchiveClassesAtExit=")),
                afterTheBuild.toString());
        assertFalse(Files.exists(distribution.resolve("auth-service-jdk17.0.15_6.jsa")));
    }

    @Test
    void anotherJdkMakesItsOwnCacheAndRemovesTheOtherOne() throws Exception {
        start(jdk("17.0.15+6"), Map.of());
        start(jdk("17.0.15+6"), Map.of());

        start(jdk("21.0.5+11"), Map.of());

        List<String> names = cacheFiles().stream().map(file -> file.getFileName().toString()).toList();
        assertEquals(1, names.size(), names.toString());
        assertTrue(names.get(0).startsWith("auth-service-jdk21.0.5_11."), names.toString());
    }

    @Test
    void theUsersOptionsComeLastAndTheirCollectorReplacesTheSerialOne() throws Exception {
        List<String> options = start(jdk("17.0.15+6"), Map.of("JAVA_OPTS", "-Xmx128m -XX:+UseG1GC",
                "AUTH_SERVICE_CACHE_DIR", "none", "MALLOC_ARENA_MAX", "4"));

        List<String> expected = new ArrayList<>(RECOMMENDED.subList(1, RECOMMENDED.size()));
        expected.addAll(List.of("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000", "-Xmx128m",
                "-XX:+UseG1GC", "-jar", jar.toRealPath().toString()));
        assertEquals(expected, options);
        assertEquals("umask=0077 MALLOC_ARENA_MAX=4 MALLOC_MMAP_THRESHOLD_=1048576", environmentOf(0));
        assertEquals(List.of(), cacheFiles());
    }

    @Test
    void aCommandOfTheJarDoesNotRecordACache() throws Exception {
        List<String> options = start(jdk("17.0.15+6"), Map.of(), "disable-demo-users");

        List<String> expected = jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000");
        expected.add("disable-demo-users");
        assertEquals(expected, options);
        assertEquals(List.of(), cacheFiles());
    }

    /**
     * A shared directory, or one of another user's: what is there could be another user's code, which the JVM would
     * map and run as this user's. Neither the cache nor one a start left to be checked is touched.
     */
    @ParameterizedTest
    @ValueSource(strings = {"rwxrwxrwx", "rwxrwxr-x", "rwxr-xrwx"})
    void aCacheDirectoryThatOthersMayWriteToIsNotUsed(String mode) throws Exception {
        Path jdk = jdk("17.0.15+6");
        Path shared = Files.createDirectories(directory.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString(mode));
        Path planted = Files.writeString(shared.resolve("auth-service-jdk17.0.15_6.jsa"), "another user's classes");
        Path left = Files.writeString(shared.resolve("auth-service-jdk17.0.15_6.99999999.tmp.jsa"), "and these");

        List<String> options = start(jdk, Map.of("AUTH_SERVICE_CACHE_DIR", shared.toString()));

        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000"), options);
        assertEquals(1, callCount(), "nothing of it was checked with the JVM either");
        assertEquals(List.of("auth-service: starting without a class cache: " + shared
                + " is not this user's alone: another user owns it or may write to it, and the JVM would run what a"
                + " cache there holds; chmod go-w it, or set AUTH_SERVICE_CACHE_DIR to a directory of this user's"),
                output.lines().toList());
        assertTrue(Files.exists(planted) && Files.exists(left), "what is not this user's is left alone");
    }

    @Test
    void aCacheDirectoryOfAnotherUserIsNotUsed() throws Exception {
        // Root, to give the directory to another user. CI runs as root (.ci/run installs packages): there it fails.
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertTrue(isRoot(), "under CI=true this test runs as root, to give a directory to another user");
        }
        assumeTrue(isRoot(), "root, to give the directory to another user");
        Path jdk = jdk("17.0.15+6");
        start(jdk, Map.of());
        start(jdk, Map.of());
        Files.setAttribute(distribution, "unix:uid", 65534);

        List<String> options = start(jdk, Map.of());

        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000"), options);
        assertTrue(output.contains("starting without a class cache: " + distribution), output);
    }

    /** In the user's own directory: gone, and the start records a cache of its own. */
    @Test
    void aCacheFileThatOthersMayWriteIsRemovedAndRecordedAgain() throws Exception {
        Path jdk = jdk("17.0.15+6");
        start(jdk, Map.of());
        start(jdk, Map.of());
        Path cache = distribution.resolve("auth-service-jdk17.0.15_6.jsa");
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rw-rw-rw-"));

        List<String> options = start(jdk, Map.of());

        assertTrue(options.stream().anyMatch(option -> option.startsWith("-XX:ArchiveClassesAtExit=")),
                options.toString());
        assertFalse(options.contains("-XX:SharedArchiveFile=" + cache), options.toString());
        assertFalse(Files.exists(cache));
        assertTrue(output.startsWith("auth-service: removed " + cache + ": a class cache is used only if"
                + " this user wrote it and no one else may write to it\n"), output);
    }

    /** One a start left to be checked, and one another user gave this user's directory, as root may. */
    @Test
    void aRecordedCacheThatOthersMayWriteOrAnotherUserOwnsIsNotChecked() throws Exception {
        Path jdk = jdk("25.0.3+9-LTS");
        start(jdk, Map.of());
        Path made = onlyCacheFile();
        Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rw-rw-rw-"));

        start(jdk, Map.of());

        assertTrue(call(1).stream().noneMatch(option -> option.contains(made.toString())), call(1).toString());
        assertFalse(Files.exists(made));
        if (isRoot()) {
            Path given = onlyCacheFile();
            Files.setAttribute(given, "unix:uid", 65534);

            start(jdk, Map.of());

            assertTrue(call(2).stream().noneMatch(option -> option.contains(given.toString())), call(2).toString());
            assertFalse(Files.exists(given));
        }
    }

    @Test
    void theServiceWritesItsFilesForItsUserAlone() throws Exception {
        start(jdk("17.0.15+6"), Map.of("AUTH_SERVICE_CACHE_DIR", "none"));

        assertTrue(environmentOf(0).startsWith("umask=0077 "), "H2's files and the keys: " + environmentOf(0));
    }

    @Test
    void aJdk17OlderThanTheNativeHeapTrimIsNotGivenIt() throws Exception {
        List<String> options = start(jdk("17.0.8+7"), Map.of("AUTH_SERVICE_CACHE_DIR", "none"));

        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m"), options);
    }

    @Test
    void javaOnThePathIsFoundThroughItsLinks() throws Exception {
        Path jdk = jdk("25.0.3+9-LTS");
        Path bin = Files.createDirectories(directory.resolve("usr-bin"));
        Files.createSymbolicLink(bin.resolve("java"), jdk.resolve("bin/java"));

        List<String> options = run(Map.of("PATH", bin + ":/usr/bin:/bin", "AUTH_SERVICE_CACHE_DIR", "none"));

        assertTrue(options.contains("--enable-native-access=ALL-UNNAMED"), "read the JDK's release: " + options);
    }

    @Test
    void aLinkToTheLauncherStartsTheJarBesideTheLauncher() throws Exception {
        Path bin = Files.createDirectories(directory.resolve("usr-local-bin"));
        Path link = Files.createSymbolicLink(bin.resolve("auth-service"), distribution.resolve("auth-service"));
        ProcessBuilder builder = launcher(Map.of("JAVA_HOME", jdk("17.0.15+6").toString(),
                "AUTH_SERVICE_CACHE_DIR", "none"));
        builder.command().set(1, link.toString());

        Process process = builder.start();

        assertTrue(process.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes()));
        assertEquals(jvmOptions("-XX:MaxMetaspaceSize=80m", "-XX:TrimNativeHeapInterval=1000"), call(0));
    }

    @Test
    void aJavaOlderThan17IsRefusedWithASentence() throws Exception {
        Path jdk = jdk("11.0.25+9");

        Process process = launcher(Map.of("JAVA_HOME", jdk.toString())).start();

        assertTrue(process.waitFor(20, TimeUnit.SECONDS));
        assertEquals(1, process.exitValue());
        assertTrue(new String(process.getInputStream().readAllBytes()).contains("auth-service needs 17 or newer"));
        assertEquals(0, callCount());
    }

    private static boolean isRoot() throws IOException {
        return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }

    /** A JDK home of that runtime version whose java is the fake. */
    private Path jdk(String runtimeVersion) throws IOException {
        Path home = directory.resolve("jdk-" + runtimeVersion);
        if (Files.notExists(home)) {
            Files.createDirectories(home.resolve("bin"));
            Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + runtimeVersion.replaceAll("\\+.*", "")
                    + "\"\nJAVA_RUNTIME_VERSION=\"" + runtimeVersion + "\"\n");
            Path java = Files.writeString(home.resolve("bin/java"), FAKE_JAVA);
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return home;
    }

    /** Runs the launcher with JAVA_HOME {@code jdk}; the options its last java call was given. */
    private List<String> start(Path jdk, Map<String, String> environment, String... arguments) throws Exception {
        Map<String, String> all = new HashMap<>(environment);
        all.put("JAVA_HOME", jdk.toString());
        return run(all, arguments);
    }

    private List<String> run(Map<String, String> environment, String... arguments) throws Exception {
        Process process = launcher(environment, arguments).start();
        output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        return call(callCount() - 1);
    }

    private ProcessBuilder launcher(Map<String, String> environment, String... arguments) {
        List<String> command = new ArrayList<>(List.of("/bin/sh", distribution.resolve("auth-service").toString()));
        command.addAll(Arrays.asList(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("JAVA_") || name.startsWith("MALLOC_")
                || name.startsWith("AUTH_SERVICE_"));
        builder.environment().put("FAKE_CALLS", calls.toString());
        builder.environment().putAll(environment);
        return builder;
    }

    /** The recommended flags, then {@code more}, then the jar, as the launcher passes them. */
    private List<String> jvmOptions(String... more) throws IOException {
        List<String> options = new ArrayList<>(RECOMMENDED);
        options.addAll(Arrays.asList(more));
        options.addAll(List.of("-jar", jar.toRealPath().toString()));
        return options;
    }

    private int callCount() throws IOException {
        try (Stream<Path> files = Files.list(calls)) {
            return (int) files.count();
        }
    }

    /** The arguments of the n-th java call, from 0. */
    private List<String> call(int n) throws IOException {
        List<String> lines = Files.readAllLines(calls.resolve(String.valueOf(n + 100)));
        return lines.subList(1, lines.size());
    }

    private String environmentOf(int n) throws IOException {
        return Files.readAllLines(calls.resolve(String.valueOf(n + 100))).get(0);
    }

    private List<Path> cacheFiles() throws IOException {
        try (Stream<Path> files = Files.list(distribution)) {
            return files.filter(file -> file.getFileName().toString().startsWith("auth-service-jdk")).sorted().toList();
        }
    }

    private Path onlyCacheFile() throws IOException {
        List<Path> files = cacheFiles();
        assertEquals(1, files.size(), files.toString());
        return files.get(0);
    }
}

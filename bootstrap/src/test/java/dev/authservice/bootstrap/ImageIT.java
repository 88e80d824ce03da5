package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The OCI image of the {@code image} profile ({@code ./mvnw -B verify -Pimage}), run without a container runtime:
 * its layers unpacked in order into a directory, and its entry point started there in a chroot, as its user, in its
 * working directory, with its environment, as a runtime would. It answers its readiness probe on the management port
 * and logs in a demo user, and what it keeps in its data directory is its user's alone; when the image carries an AOT
 * cache, the JVM has it mapped. Prints how long the start took
 * to the first 200 and the process's resident memory then. Needs root, for chroot; only the image profile runs it.
 */
class ImageIT {

    private static final JsonMapper JSON = JsonMapper.createDefault();

    /** Only the image profile runs it (the default build leaves it out), so the image must be there; root too. */
    @RegisterExtension
    final BeforeEachCallback root = context -> {
        String image = System.getProperty("auth.image");
        assertTrue(image != null && Files.isRegularFile(Path.of(image)),
                "the image profile's image, " + image + " (./mvnw -B verify -Pimage)");
        Prerequisite.of("root, to run the image in a chroot (sudo)", ImageIT::isRoot).require(context);
    };

    private Path directory;
    private Process process;

    @BeforeEach
    void unpack() throws Exception {
        directory = Files.createTempDirectory("auth-service-image");
    }

    @AfterEach
    void stop() throws Exception {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        if (directory != null) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    @Test
    void theImageStartsAsItsUserAndServes() throws Exception {
        Path layout = directory.resolve("oci");
        Path rootfs = directory.resolve("rootfs");
        Files.createDirectories(layout);
        Files.createDirectories(rootfs);
        run("tar", "-xf", System.getProperty("auth.image"), "-C", layout.toString());
        Map<String, Object> index = read(layout.resolve("index.json"));
        Map<String, Object> manifest = blob(layout, (String) first(index.get("manifests")).get("digest"));
        for (Object layer : (List<?>) manifest.get("layers")) {
            String digest = (String) ((Map<?, ?>) layer).get("digest");
            run("tar", "--warning=no-unknown-keyword", "-xzf", blobPath(layout, digest).toString(), "-C", rootfs.toString());
        }
        Map<String, Object> config = (Map<String, Object>) blob(layout,
                (String) ((Map<?, ?>) manifest.get("config")).get("digest")).get("config");
        assertEquals("0 1777", FileModes.of(rootfs.resolve("tmp")), "/tmp, where anyone may write and no one delete"
                + " another's files");
        Path data = rootfs.resolve("var/lib/auth-service/data");
        assertEquals("65532 700", FileModes.of(data), "H2's directory, the image user's alone");
        // What a container runtime puts in: the host's name resolution.
        for (String file : List.of("hosts", "resolv.conf")) {
            Files.copy(Path.of("/etc", file), rootfs.resolve("etc").resolve(file));
        }

        Map<String, String> environment = new LinkedHashMap<>();
        for (Object variable : (List<?>) config.get("Env")) {
            String[] pair = ((String) variable).split("=", 2);
            environment.put(pair[0], pair[1]);
        }
        int api = freePort();
        int management = freePort();
        environment.put("MICRONAUT_ENVIRONMENTS", "dev");
        environment.put("MICRONAUT_SERVER_PORT", Integer.toString(api));
        environment.put("AUTH_MANAGEMENT_PORT", Integer.toString(management));
        // In a mount namespace of its own: /dev and /proc, as a runtime mounts them, then chroot, which execs the
        // entry point in the working directory, so that the process started here is the JVM.
        Files.createDirectories(rootfs.resolve("dev"));
        Files.createDirectories(rootfs.resolve("proc"));
        String inside = tool("mount") + " --rbind /dev \"$0/dev\" && " + tool("mount") + " -t proc proc \"$0/proc\""
                + " && user=$1 directory=$2 && shift 2 && exec " + tool("chroot")
                + " --userspec=\"$user\" \"$0\" /bin/sh -c 'cd \"$0\" && exec \"$@\"' \"$directory\" \"$@\"";
        List<String> command = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "/bin/sh",
                "-c", inside, rootfs.toString(), (String) config.get("User"), (String) config.get("WorkingDir")));
        for (Object argument : (List<?>) config.get("Entrypoint")) {
            command.add((String) argument);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve("service.log").toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);

        Instant start = Instant.now();
        process = builder.start();
        Http probes = new Http(URI.create("http://127.0.0.1:" + management));
        Duration ready = null;
        while (ready == null && Duration.between(start, Instant.now()).toSeconds() < 120 && process.isAlive()) {
            try {
                if (probes.get("/health/readiness").status() == 200) {
                    ready = Duration.between(start, Instant.now());
                }
            } catch (RuntimeException notYet) {
                Thread.sleep(50);
            }
        }
        assertTrue(ready != null, "the image's service became ready:\n" + log());
        long rss = residentKiB(process.pid());

        Http api8080 = new Http(URI.create("http://127.0.0.1:" + api));
        Http.Answer login = api8080.logIn("alice", "alice-password");
        assertEquals(200, login.status(), login.toString());
        assertEquals(200, api8080.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken())
                .status());
        assertEquals("65532", status(process.pid(), "Uid:").split("\\s+")[0], "runs as the image's user");
        Map<String, String> kept = FileModes.under(data);
        assertTrue(kept.containsKey("auth-service.mv.db"), kept.toString());
        kept.forEach((name, mode) -> assertEquals(name.isEmpty() ? "65532 700" : "65532 600", mode,
                "the database and the keys are the image user's alone: " + kept));
        List<String> jvm = List.of(Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
                .split("\0"));
        assertTrue(jvm.containsAll(LauncherTest.RECOMMENDED), "the launcher's flags: " + jvm);
        if (environment.getOrDefault("JDK_JAVA_OPTIONS", "").contains("-XX:AOTCache=")) {
            assertTrue(Files.readString(Path.of("/proc", Long.toString(process.pid()), "maps"))
                    .contains("/opt/auth-service/auth-service.aot"), "the JVM mapped the image's AOT cache");
        }
        System.out.printf("image: %d MiB; first 200 on /health/readiness after %d ms; %d MiB resident then%n",
                Files.size(Path.of(System.getProperty("auth.image"))) >> 20, ready.toMillis(), rss >> 10);
    }

    private String log() throws IOException {
        return Files.readString(directory.resolve("service.log"));
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The host's {@code name}, by its path: the process's environment is the image's, and its PATH too. */
    private static String tool(String name) {
        return Stream.of(System.getenv("PATH").split(":"), new String[] {"/usr/sbin", "/sbin", "/usr/bin", "/bin"})
                .flatMap(Stream::of).map(directory -> Path.of(directory, name)).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new IllegalStateException("no " + name)).toString();
    }

    private static long residentKiB(long pid) throws IOException {
        return Long.parseLong(status(pid, "VmRSS:").split("\\s+")[0]);
    }

    private static String status(long pid, String field) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith(field)).findFirst().orElseThrow()
                .substring(field.length()).trim();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Map<String, Object> first(Object list) {
        return (Map<String, Object>) ((List<?>) list).get(0);
    }

    private static Map<String, Object> blob(Path layout, String digest) throws IOException {
        return read(blobPath(layout, digest));
    }

    private static Path blobPath(Path layout, String digest) {
        return layout.resolve("blobs").resolve("sha256").resolve(digest.substring("sha256:".length()));
    }

    private static Map<String, Object> read(Path file) throws IOException {
        return JSON.readValue(Files.readAllBytes(file), Map.class);
    }

    private static void run(String... command) throws Exception {
        Process tar = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, tar.waitFor(), String.join(" ", command));
    }
}

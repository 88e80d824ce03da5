package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The README's command, {@code target/auth-service}, on the JVM that runs the build: the service it starts has the
 * recommended flags, the first start records a class cache (a CDS archive, or an AOT cache on JDK 25 and later)
 * written when it stops, and the next start uses it; what it keeps in ./data is its user's alone. {@code LauncherTest}
 * covers the launcher's rules with a fake JVM.
 */
class LauncherIT {

    @RegisterExtension
    final ServiceJar service = ServiceJar.throughTheLauncher();

    @Test
    void theLauncherStartsTheServiceWithTheRecommendedFlagsAndTheCacheItsFirstStartMade() throws Exception {
        Http first = service.start(Map.of());

        assertEquals(200, first.logIn("bob", "bob-password").status());
        List<String> recording = service.commandLine();
        assertTrue(recording.containsAll(List.of("-XX:+UseSerialGC", "-Xms56m", "-Xmx56m", "-Xss512k",
                "-XX:ReservedCodeCacheSize=64m", "-XX:MaxDirectMemorySize=32m")), recording.toString());
        assertTrue(recording.stream().anyMatch(option -> option.startsWith("-XX:ArchiveClassesAtExit=")
                || option.startsWith("-XX:AOTCacheOutput=")), recording.toString());
        service.close();
        assertTrue(cacheFiles().stream().anyMatch(name -> name.contains(".tmp.")),
                "stopping the first start wrote its cache: " + cacheFiles() + "\n" + service.log());
        Map<String, String> data = FileModes.under(service.directory().resolve("data"));
        assertTrue(data.containsKey("auth-service.mv.db"), data.toString());
        data.forEach((name, mode) -> assertTrue(mode.endsWith(name.isEmpty() ? " 700" : " 600"),
                "the database and the keys are the user's alone: " + data));

        Http second = service.start(Map.of());

        assertEquals(200, second.logIn("bob", "bob-password").status());
        List<String> using = service.commandLine();
        assertTrue(using.stream().anyMatch(option -> option.startsWith("-XX:SharedArchiveFile=")
                || option.startsWith("-XX:AOTCache=")), "the JVM took the cache: " + using + " " + cacheFiles());
        assertEquals(1, cacheFiles().size(), cacheFiles().toString());
    }

    private List<String> cacheFiles() throws Exception {
        try (Stream<Path> files = Files.list(service.directory())) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("auth-service-jdk"))
                    .sorted().toList();
        }
    }
}

package dev.authservice.bootstrap.user;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The list of common passwords a new password may not be: {@code common-passwords.txt}, Openwall's password.lst
 * (public domain, shipped by Debian's john-data), the passwords most often seen in real systems and leaks.
 */
public final class CommonPasswords {

    private static final String RESOURCE = "/common-passwords.txt";

    private CommonPasswords() {
    }

    public static Set<String> load() {
        try (InputStream in = CommonPasswords.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()
                    .filter(line -> !line.isEmpty() && !line.startsWith("#!comment:"))
                    .collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

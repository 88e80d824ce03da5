package dev.authservice.bootstrap.configuration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * A key the configuration names by its PEM file, as a mounted secret is: read at the start, and a file that cannot be
 * read or whose key {@code reader} refuses ({@link IllegalArgumentException}) stops it with one line naming the
 * property and the file, never the key.
 */
public final class KeyFile {

    private KeyFile() {
    }

    public static <T> T read(String property, Path file, Function<String, T> reader) {
        String pem;
        try {
            pem = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new MisconfigurationException(property + ": cannot read " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
        try {
            return reader.apply(pem);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException(property + ": " + file + " " + e.getMessage());
        }
    }
}

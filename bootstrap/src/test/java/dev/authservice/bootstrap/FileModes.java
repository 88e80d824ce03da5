package dev.authservice.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The owners and modes of files, as {@code ls -n} and {@code stat} show them: {@code 65532 1777}. */
final class FileModes {

    private FileModes() {
    }

    /** Its owner's uid and its permission bits in octal, the sticky bit included. */
    static String of(Path file) throws IOException {
        return Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS) + " "
                + Integer.toOctalString((Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS)
                & 07777);
    }

    /** {@link #of} the directory and of everything in it, by their paths from it ({@code ""}: the directory). */
    static Map<String, String> under(Path directory) throws IOException {
        Map<String, String> modes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.toList()) {
                modes.put(directory.relativize(file).toString(), of(file));
            }
        }
        return modes;
    }
}

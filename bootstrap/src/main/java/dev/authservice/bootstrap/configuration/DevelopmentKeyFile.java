package dev.authservice.bootstrap.configuration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * A key made at a development start and kept in {@code auth.jwt.development-key-directory} (./data, beside the H2
 * database), so that what it signed, sealed or derived still holds after a restart.
 */
public final class DevelopmentKeyFile {

    private DevelopmentKeyFile() {
    }

    /**
     * Written to a file of its own, readable by its owner only since it holds a private or secret key, then moved to
     * {@code file} in one step: of two processes starting at once on one directory, one key wins whole and the other
     * reads it ({@link #keep}).
     */
    public static void write(Path file, String key) {
        try {
            Path directory = Files.createDirectories(file.toAbsolutePath().getParent());
            Path made;
            try {
                made = Files.createTempFile(directory, file.getFileName().toString(), ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                // No POSIX permissions (Windows): the directory's own protect it.
                made = Files.createTempFile(directory, file.getFileName().toString(), ".tmp");
            }
            Files.writeString(made, key, StandardCharsets.US_ASCII);
            try {
                Files.move(made, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException madeMeanwhile) {
                Files.delete(made);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot keep the development key in " + file, e);
        }
    }

    /** A random 256-bit key in base64, kept in {@code file}: made and written there by the first start. */
    public static String keepRandom(Path file) {
        return keep(file, () -> {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            return Base64.getEncoder().encodeToString(key);
        });
    }

    /** The key kept in {@code file}, made by {@code make} and written there first if there is none. */
    private static String keep(Path file, Supplier<String> make) {
        if (!Files.exists(file)) {
            write(file, make.get());
        }
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the development key in " + file, e);
        }
    }
}

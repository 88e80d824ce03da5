package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Keys anyone can know, as fingerprints the build makes from public sources ({@link #main}):
 * <ul>
 *   <li>the SHA-256 and SHA-512 of every word of nbvcxz's lists (passwords seen in leaks, English words, names, the
 *       EFF's diceware words) and of the common passwords given to the build (Openwall's), each also with a line break
 *       at its end, as {@code echo} without {@code -n} hands it to {@code sha256sum}: in hex or base64 such a hash
 *       looks as random as any key, and is among a guesser's first tries;</li>
 *   <li>keys published in tutorials, examples and specifications ({@code src/main/known-keys/published-keys.txt}, each
 *       with where it was published), in each of their {@link KeyReading readings}, and hashed as the words are.</li>
 * </ul>
 * A fingerprint is the first 8 bytes of the SHA-256 of the kind of entry (a number) and the entry's bytes, so the list
 * holds no key; each reading is sought as every kind, and a random key meets an entry by chance about once in 10^12.
 * The list is about 4 MiB and is never held: {@link #firstKnown} reads it as a stream at start, and compares only the
 * buckets (by the first 16 bits) that the readings sought fall in.
 */
public final class KnownKeys {

    private static final String RESOURCE = "known-keys.bin";
    private static final String HASHED_WORD = "the SHA-256 or SHA-512 of a common password or word";
    private static final int BUCKET_BITS = 16;
    private static final int BUCKETS = 1 << BUCKET_BITS;
    /** A fingerprint without the bits of its bucket. */
    private static final int REST_BYTES = (Long.SIZE - BUCKET_BITS) / Byte.SIZE;
    /** A bucket's size is written in a byte; about ten fall in each. */
    private static final int MAX_BUCKET_SIZE = 255;

    private KnownKeys() {
    }

    /** Which of {@code readings} was found first, as the list describes it. */
    record Known(int reading, String description) {
    }

    /** The first of {@code readings} (bytes of keys) that is a known key, and what it is known as. */
    static Optional<Known> firstKnown(List<byte[]> readings) {
        try (InputStream resource = KnownKeys.class.getResourceAsStream(RESOURCE)) {
            if (resource == null) {
                throw new IllegalStateException(RESOURCE + " is missing: the build makes it (adapters-crypto's pom)");
            }
            DataInputStream in = new DataInputStream(new BufferedInputStream(resource, 1 << 16));
            String[] kinds = new String[in.readUnsignedByte()];
            for (int kind = 0; kind < kinds.length; kind++) {
                kinds[kind] = in.readUTF();
            }
            byte[] bucketSizes = in.readNBytes(BUCKETS);
            // Every reading as each kind of entry: sought[i] is reading i / kinds.length as kind i % kinds.length.
            long[] sought = new long[readings.size() * kinds.length];
            for (int i = 0; i < sought.length; i++) {
                sought[i] = fingerprint(i % kinds.length, readings.get(i / kinds.length));
            }
            Set<Long> found = found(in, bucketSizes, sought);
            for (int i = 0; i < sought.length; i++) {
                if (found.contains(sought[i])) {
                    return Optional.of(new Known(i / kinds.length, kinds[i % kinds.length]));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("the list of known keys cannot be read", e);
        }
    }

    /** Which of {@code sought} the list holds: the buckets they fall in are read in order, the others skipped. */
    private static Set<Long> found(DataInputStream in, byte[] bucketSizes, long[] sought) throws IOException {
        long[] inBucketOrder = sought.clone();
        for (int i = 0; i < inBucketOrder.length; i++) {
            inBucketOrder[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(inBucketOrder);
        Set<Long> found = new HashSet<>();
        byte[] bucket = new byte[MAX_BUCKET_SIZE * REST_BYTES];
        int loaded = -1;
        int bucketSize = 0;
        int passed = 0;
        long passedEntries = 0;
        long readEntries = 0;
        for (long unsigned : inBucketOrder) {
            long fingerprint = unsigned ^ Long.MIN_VALUE;
            int target = bucketOf(fingerprint);
            if (target != loaded) {
                while (passed < target) {
                    passedEntries += Byte.toUnsignedInt(bucketSizes[passed++]);
                }
                bucketSize = Byte.toUnsignedInt(bucketSizes[target]);
                in.skipNBytes((passedEntries - readEntries) * REST_BYTES);
                in.readFully(bucket, 0, bucketSize * REST_BYTES);
                readEntries = passedEntries + bucketSize;
                loaded = target;
            }
            if (holds(bucket, bucketSize, fingerprint)) {
                found.add(fingerprint);
            }
        }
        return found;
    }

    private static boolean holds(byte[] bucket, int size, long fingerprint) {
        for (int entry = 0; entry < size; entry++) {
            long rest = 0;
            for (int at = entry * REST_BYTES; at < (entry + 1) * REST_BYTES; at++) {
                rest = rest << Byte.SIZE | Byte.toUnsignedLong(bucket[at]);
            }
            if (rest == (fingerprint & -1L >>> BUCKET_BITS)) {
                return true;
            }
        }
        return false;
    }

    private static int bucketOf(long fingerprint) {
        return (int) (fingerprint >>> (Long.SIZE - BUCKET_BITS));
    }

    private static long fingerprint(int kind, byte[] bytes) {
        MessageDigest sha256 = digest("SHA-256");
        sha256.update((byte) kind);
        byte[] digest = sha256.digest(bytes);
        long fingerprint = 0;
        for (int at = 0; at < Long.BYTES; at++) {
            fingerprint = fingerprint << Byte.SIZE | Byte.toUnsignedLong(digest[at]);
        }
        return fingerprint;
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has " + algorithm, e);
        }
    }

    /**
     * Makes the list, at build time: {@code arguments} are the file to write, the published keys, and lists of common
     * passwords (a password a line; Openwall's {@code #!comment:} lines are skipped).
     */
    public static void main(String[] arguments) throws IOException {
        List<String> kinds = new ArrayList<>(List.of(HASHED_WORD));
        LongStream.Builder fingerprints = LongStream.builder();
        Set<String> words = new LinkedHashSet<>();
        SecretStructure.Matchers.WORD_LISTS.forEach(list -> words.addAll(list.words()));
        for (Path passwords : Arrays.stream(arguments).skip(2).map(Path::of).toList()) {
            Files.readAllLines(passwords, UTF_8).stream()
                    .filter(line -> !line.isEmpty() && !line.startsWith("#!comment:")).forEach(words::add);
        }
        for (String line : Files.readAllLines(Path.of(arguments[1]), UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] keyAndSource = line.split(" \\| ", 2);
            String kind = "a published key (" + keyAndSource[1] + ")";
            if (!kinds.contains(kind)) {
                kinds.add(kind);
            }
            KeyReading.of(keyAndSource[0]).forEach(reading ->
                    fingerprints.add(fingerprint(kinds.indexOf(kind), reading.bytes())));
            words.add(keyAndSource[0]);
        }
        for (String word : words) {
            for (String algorithm : List.of("SHA-256", "SHA-512")) {
                fingerprints.add(fingerprint(0, digest(algorithm).digest(word.getBytes(UTF_8))));
                fingerprints.add(fingerprint(0, digest(algorithm).digest((word + "\n").getBytes(UTF_8))));
            }
        }
        write(Path.of(arguments[0]), kinds, fingerprints.build().map(f -> f ^ Long.MIN_VALUE).sorted().distinct()
                .map(f -> f ^ Long.MIN_VALUE).toArray());
    }

    /** The kinds' descriptions, the size of each bucket, then the fingerprints less their bucket's bits, in order. */
    private static void write(Path file, List<String> kinds, long[] inBucketOrder) throws IOException {
        int[] bucketSizes = new int[BUCKETS];
        LongStream.of(inBucketOrder).forEach(fingerprint -> bucketSizes[bucketOf(fingerprint)]++);
        if (IntStream.of(bucketSizes).max().orElse(0) > MAX_BUCKET_SIZE || kinds.size() > MAX_BUCKET_SIZE) {
            throw new IllegalStateException("the list of known keys outgrew its format");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeByte(kinds.size());
            for (String kind : kinds) {
                out.writeUTF(kind);
            }
            for (int size : bucketSizes) {
                out.writeByte(size);
            }
            for (long fingerprint : inBucketOrder) {
                for (int shift = (REST_BYTES - 1) * Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
                    out.writeByte((int) (fingerprint >>> shift));
                }
            }
        }
        System.out.printf("%s: %,d known keys, %,d bytes%n", file.getFileName(), inBucketOrder.length,
                Files.size(file));
    }
}

package dev.authservice.adapter.out.crypto.user;

/**
 * The cost of one Argon2id hash. Every hash records the parameters it was made with, so raising them later leaves the
 * existing hashes verifiable.
 *
 * @param memoryKiB   memory per hash, in KiB ({@code m})
 * @param iterations  passes over that memory ({@code t})
 * @param parallelism lanes ({@code p}); each lane needs at least 8 KiB
 */
public record Argon2Parameters(int memoryKiB, int iterations, int parallelism) {

    /** The first Argon2id configuration of the OWASP Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane. */
    public static final Argon2Parameters OWASP_RECOMMENDED = new Argon2Parameters(19_456, 2, 1);

    public Argon2Parameters {
        if (parallelism < 1) {
            throw new IllegalArgumentException("Argon2 parallelism must be at least 1");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("Argon2 iterations must be at least 1");
        }
        if (memoryKiB < 8 * parallelism) {
            throw new IllegalArgumentException("Argon2 memory must be at least 8 KiB per lane");
        }
    }
}

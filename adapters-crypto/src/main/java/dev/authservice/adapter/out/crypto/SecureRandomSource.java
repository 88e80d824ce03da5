package dev.authservice.adapter.out.crypto;

import dev.authservice.application.shared.port.out.RandomSource;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;

/** Unpredictable values from the operating system's CSPRNG. Thread-safe: {@link SecureRandom} is. */
public final class SecureRandomSource implements RandomSource {

    /** 256 bits, which the contract asks of a refresh token: 43 characters of base64url. */
    private static final int REFRESH_TOKEN_BYTES = 32;

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SecureRandom random = new SecureRandom();

    /** A version 4 UUID: 122 random bits from the JDK's own {@link SecureRandom}. */
    @Override
    public UUID uuid() {
        return UUID.randomUUID();
    }

    @Override
    public String refreshTokenValue() {
        return BASE64URL.encodeToString(bytes(REFRESH_TOKEN_BYTES));
    }

    @Override
    public byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        random.nextBytes(bytes);
        return bytes;
    }
}

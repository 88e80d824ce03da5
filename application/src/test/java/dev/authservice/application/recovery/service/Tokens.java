package dev.authservice.application.recovery.service;

import dev.authservice.application.shared.port.out.RandomSource;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Reset tokens a test can name: {@code token-1}, {@code token-2}, ... */
final class Tokens implements RandomSource {

    private final AtomicInteger issued = new AtomicInteger();

    @Override
    public UUID uuid() {
        return UUID.randomUUID();
    }

    @Override
    public String refreshTokenValue() {
        return "token-" + issued.incrementAndGet();
    }

    @Override
    public byte[] bytes(int count) {
        throw new UnsupportedOperationException("a reset draws no bytes");
    }
}

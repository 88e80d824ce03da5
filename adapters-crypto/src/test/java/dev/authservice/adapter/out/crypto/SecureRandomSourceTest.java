package dev.authservice.adapter.out.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SecureRandomSourceTest {

    private static final int DRAWS = 10_000;

    private final SecureRandomSource random = new SecureRandomSource();

    @Test
    void aRefreshTokenIs256BitsOfUnpaddedBase64url() {
        String value = random.refreshTokenValue();

        assertTrue(value.matches("[A-Za-z0-9_-]{43}"), value);
        assertEquals(32, Base64.getUrlDecoder().decode(value).length);
    }

    @Test
    void refreshTokensDoNotRepeat() {
        Set<String> values = new HashSet<>();
        IntStream.range(0, DRAWS).forEach(i -> values.add(random.refreshTokenValue()));

        assertEquals(DRAWS, values.size());
    }

    @Test
    void uuidsAreRandomAndDoNotRepeat() {
        Set<UUID> uuids = new HashSet<>();
        IntStream.range(0, DRAWS).forEach(i -> uuids.add(random.uuid()));

        assertEquals(DRAWS, uuids.size());
        assertTrue(uuids.stream().allMatch(uuid -> uuid.version() == 4));
    }
}

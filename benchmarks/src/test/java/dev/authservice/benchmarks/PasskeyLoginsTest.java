package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the passkey benchmark reads the options it is sent, and how it gives its batches' figures. */
class PasskeyLoginsTest {

    @Test
    void theOptionsAreReadFieldByObject() {
        String options = "{\"success\":true,\"data\":{\"publicKey\":{\"challenge\":\"c1\",\"rp\":{\"id\":\"localhost\","
                + "\"name\":\"auth-service\"},\"user\":{\"name\":\"p\",\"id\":\"h1\",\"displayName\":\"P\"}}}}";
        assertEquals("c1", PasskeyLogins.stringIn(options, "publicKey", "challenge"));
        assertEquals("localhost", PasskeyLogins.stringIn(options, "rp", "id"));
        assertEquals("h1", PasskeyLogins.stringIn(options, "user", "id"));
        assertThrows(IllegalArgumentException.class, () -> PasskeyLogins.stringIn(options, "publicKey", "rpId"));
        assertThrows(IllegalArgumentException.class, () -> PasskeyLogins.stringIn(options, "excludeCredentials", "id"));
    }

    @Test
    void aFigureIsTheMedianOfTheBatchesWithTheirRange() {
        List<PasskeyLogins.PerLogin> batches = List.of(new PasskeyLogins.PerLogin(50, 5),
                new PasskeyLogins.PerLogin(60, 4), new PasskeyLogins.PerLogin(40, 8),
                new PasskeyLogins.PerLogin(45, 5));
        assertEquals("47.50 (40.00 to 60.00)", PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::passwordMs, "%.2f"));
        assertEquals("9.50 (5.00 to 15.00)", PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::timesCheaper, "%.2f"));
        assertEquals("200.0 (125.0 to 250.0)",
                PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::passkeyPerCpuSecond, "%.1f"));
    }
}

package dev.authservice.benchmarks.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RotationScriptTest {

    @Test
    void isTheStoresTwoStatementsInOneTransactionWithTheChainsValues() {
        String script = RotationScript.pgbench();

        assertTrue(script.startsWith("\\set next :n + 1\nBEGIN;\nSELECT t.session_id"), script);
        assertTrue(script.contains("FOR UPDATE OF t, s;\nWITH rotated AS ("), script);
        assertTrue(script.endsWith(";\nCOMMIT;\n\\set n :next\n"), script);
        assertFalse(script.contains("interval '"), "the lifetime is the service's, not written here: " + script);
        for (String storeParameter : new String[] {":presented", ":rotated", ":successor", ":rotated_at",
                ":session_used_at"}) {
            assertFalse(script.matches("(?s).*" + storeParameter + "\\b.*"), storeParameter + " is left: " + script);
        }
    }

    @Test
    void aParameterOfTheStoreThatTheScriptDoesNotKnowStopsIt() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> RotationScript.pgbenchStatement("UPDATE sessions SET last_used_at = :at WHERE id = :absolute_limit"));

        assertTrue(refused.getMessage().contains(":at"), refused.getMessage());
    }

    @Test
    void aCastIsLeftAlone() {
        assertEquals("SELECT now()::text", RotationScript.pgbenchStatement("SELECT :rotated_at::text"));
    }
}

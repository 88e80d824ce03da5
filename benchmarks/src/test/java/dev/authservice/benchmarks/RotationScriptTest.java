package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RotationScriptTest {

    @Test
    void isTheStoresOneStatementRotationInATransactionWithTheChainsValues() {
        String script = RotationScript.pgbench();

        assertTrue(script.startsWith("\\set next :n + 1\nBEGIN;\nSAVEPOINT one_statement_rotation;\nWITH found AS ("),
                script);
        assertTrue(script.endsWith(";\nCOMMIT;\n\\set n :next\n"), script);
        assertFalse(script.contains("interval '"), "the lifetime is the service's, not written here: " + script);
        for (String storeParameter : new String[] {":presented", ":at", ":successor", ":successor_expires_at"}) {
            assertFalse(script.matches("(?s).*" + storeParameter + "\\b.*"), storeParameter + " is left: " + script);
        }
    }

    @Test
    void aParameterOfTheStoreThatTheScriptDoesNotKnowStopsIt() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> RotationScript.pgbenchStatement("UPDATE sessions SET last_used_at = :at WHERE id = :absolute_limit"));

        assertTrue(refused.getMessage().contains(":absolute_limit"), refused.getMessage());
    }

    @Test
    void aCastIsLeftAlone() {
        assertEquals("SELECT now()::text", RotationScript.pgbenchStatement("SELECT :at::text"));
    }
}

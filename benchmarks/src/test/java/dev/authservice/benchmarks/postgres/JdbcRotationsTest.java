package dev.authservice.benchmarks.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcRotationsTest {

    @Test
    void theRotationScriptBecomesTheStoresStatementsWithAParameterPerVariable() {
        List<JdbcRotations.Statement> statements = JdbcRotations.Statement.of(RotationScript.pgbench());

        assertEquals(2, statements.size());
        assertTrue(statements.get(0).sql().startsWith("SELECT t.session_id"), statements.get(0).sql());
        assertTrue(statements.get(1).sql().startsWith("WITH rotated AS ("), statements.get(1).sql());
        for (JdbcRotations.Statement statement : statements) {
            assertFalse(statement.sql().matches("(?s).*(BEGIN|COMMIT|\\\\set|--|;).*"), statement.sql());
            assertEquals(statement.variables().size(), statement.sql().chars().filter(c -> c == '?').count());
        }
        // The record's statement reads the presented token and what is stored under its successor's hash.
        assertEquals(List.of("client_id", "next", "client_id", "n"), statements.get(0).variables());
        assertEquals(List.of("7", "42", "7", "41"), statements.get(0).values(7, 41, 2_592_000));
        assertTrue(statements.get(1).variables().containsAll(List.of("client_id", "n", "next", "ttl_seconds")),
                statements.get(1).variables().toString());
    }

    @Test
    void aCastIsNotAVariable() {
        List<JdbcRotations.Statement> statements =
                JdbcRotations.Statement.of("BEGIN;\nSELECT :n::text, '1'::int;\nCOMMIT;\n");

        assertEquals("SELECT ?::text, '1'::int", statements.get(0).sql());
        assertEquals(List.of("n"), statements.get(0).variables());
    }

    @Test
    void aScriptWithoutAStatementOrWithAnUnknownVariableIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JdbcRotations.Statement.of("BEGIN;\nCOMMIT;\n"));
        assertThrows(IllegalArgumentException.class,
                () -> JdbcRotations.Statement.of("BEGIN;\nSELECT :unknown;\nCOMMIT;\n").get(0).values(0, 0, 1));
    }
}

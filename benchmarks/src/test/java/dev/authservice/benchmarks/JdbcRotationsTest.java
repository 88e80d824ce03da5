package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcRotationsTest {

    @Test
    void pgbenchsRotationScriptBecomesOneStatementWithAParameterPerVariable() throws IOException {
        String script;
        try (InputStream in = JdbcRotations.class.getResourceAsStream("/refresh-rotation.sql")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        JdbcRotations.Statement statement = JdbcRotations.Statement.of(script);

        assertTrue(statement.sql().startsWith("WITH s AS ("), statement.sql());
        assertFalse(statement.sql().matches("(?s).*(BEGIN|COMMIT|\\\\set|--|;).*"), statement.sql());
        assertEquals(List.of("client_id", "n", "client_id", "n", "client_id", "next"), statement.variables());
        assertEquals(statement.variables().size(), statement.sql().chars().filter(c -> c == '?').count());
        assertEquals(List.of("7", "41", "7", "41", "7", "42"), statement.values(7, 41));
    }

    @Test
    void aCastIsNotAVariable() {
        JdbcRotations.Statement statement = JdbcRotations.Statement.of("BEGIN;\nSELECT :n::text, '1'::int;\nCOMMIT;\n");

        assertEquals("SELECT ?::text, '1'::int", statement.sql());
        assertEquals(List.of("n"), statement.variables());
    }

    @Test
    void aScriptOfMoreThanOneStatementIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> JdbcRotations.Statement.of("BEGIN;\nSELECT 1;\nSELECT 2;\nCOMMIT;\n"));
        assertThrows(IllegalArgumentException.class,
                () -> JdbcRotations.Statement.of("BEGIN;\nSELECT :unknown;\nCOMMIT;\n").values(0, 0));
    }
}

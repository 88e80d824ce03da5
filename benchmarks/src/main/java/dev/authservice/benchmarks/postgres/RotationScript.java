package dev.authservice.benchmarks.postgres;

import dev.authservice.adapter.out.persistence.SqlStatement;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One refresh as the service carries it out on PostgreSQL, in pgbench's script language, made from the session
 * store's own statement files: the token's record read and locked (token-record.sql), the rotation written
 * (rotation.sql), in one transaction. Client {@code :client_id}'s token number {@code :n} is presented and number
 * {@code n + 1} takes its place; the service's instants are {@code now()} here, and the successor lives
 * {@code :ttl_seconds}, the lifetime the service gives its refresh tokens. A parameter of the store's that is not
 * named here stops the benchmark: the script cannot silently fall behind the store.
 */
final class RotationScript {

    private static final String STATEMENTS = "/dev/authservice/adapter/out/persistence/session/";
    private static final List<String> FILES = List.of("token-record.sql", "rotation.sql");

    /** The chain's hashes, cast to the column's type as the driver's bound strings are, so that the key is used. */
    private static final String PRESENTED = "CAST(lpad(CAST(:client_id AS text) || '.' || CAST(:n AS text), 64, '0')"
            + " AS CHAR(64))";
    private static final Map<String, String> VALUES = Map.of(
            "presented", PRESENTED,
            "rotated", PRESENTED,
            "rotated_at", "now()",
            "session_used_at", "now()",
            "successor", "CAST(lpad(CAST(:client_id AS text) || '.' || CAST(:next AS text), 64, '0') AS CHAR(64))",
            "successor_issued_at", "now()",
            "successor_expires_at", "now() + make_interval(secs => CAST(:ttl_seconds AS double precision))");

    private static final Pattern PARAMETER = Pattern.compile("(?<!:):([a-z_]+)");

    private RotationScript() {
    }

    /** The script, for {@code pgbench -M prepared -D n=0 -D ttl_seconds=...}. */
    static String pgbench() {
        StringBuilder script = new StringBuilder("\\set next :n + 1\nBEGIN;\n");
        for (String file : FILES) {
            script.append(pgbenchStatement(SqlStatement.load(RotationScript.class, STATEMENTS + file).text()))
                    .append(";\n");
        }
        return script.append("COMMIT;\n\\set n :next\n").toString();
    }

    /** {@code statement} with each of the store's parameters replaced by its value in the chain. */
    static String pgbenchStatement(String statement) {
        Matcher parameter = PARAMETER.matcher(statement);
        StringBuilder replaced = new StringBuilder();
        while (parameter.find()) {
            String value = VALUES.get(parameter.group(1));
            if (value == null) {
                throw new IllegalStateException("the session store's statement has a parameter :" + parameter.group(1)
                        + " that the benchmark's rotation script does not know: " + statement);
            }
            parameter.appendReplacement(replaced, Matcher.quoteReplacement(value));
        }
        return parameter.appendTail(replaced).toString();
    }
}

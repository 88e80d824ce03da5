package dev.authservice.benchmarks.postgres;

import dev.authservice.benchmarks.load.ClosedLoop;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pgbench's rotation script ({@link RotationScript}) run through the service's PostgreSQL driver (pgjdbc) from this
 * JVM instead of through libpq from pgbench: the same statements and token chains, one connection and one thread per
 * client, each rotation in a transaction of its own, as the service runs it. Its rate is the most that any JVM
 * service rotating through JDBC can reach on these cores before it does any HTTP; its CPU is the driver's share of
 * one rotation.
 */
public final class JdbcRotations implements AutoCloseable {

    /** A pgbench variable ({@code :name}), not a cast ({@code ::type}). */
    private static final Pattern VARIABLE = Pattern.compile("(?<!:):([a-z_]+)");

    /** One statement of the script, with {@code ?} for each variable, and the variables in the order they appear. */
    record Statement(String sql, List<String> variables) {

        /** The statements between the script's {@code BEGIN} and {@code COMMIT}; comments and meta-commands go. */
        static List<Statement> of(String script) {
            StringBuilder text = new StringBuilder();
            for (String line : script.split("\n")) {
                if (!line.startsWith("--") && !line.startsWith("\\")) {
                    text.append(line).append('\n');
                }
            }
            List<Statement> statements = new ArrayList<>();
            for (String part : text.toString().split(";")) {
                String statement = part.strip();
                if (!statement.isEmpty() && !statement.equals("BEGIN") && !statement.equals("COMMIT")) {
                    statements.add(parse(statement));
                }
            }
            if (statements.isEmpty()) {
                throw new IllegalArgumentException("no statement between BEGIN and COMMIT");
            }
            return List.copyOf(statements);
        }

        private static Statement parse(String statement) {
            List<String> variables = new ArrayList<>();
            Matcher variable = VARIABLE.matcher(statement);
            StringBuilder sql = new StringBuilder();
            while (variable.find()) {
                variables.add(variable.group(1));
                variable.appendReplacement(sql, "?");
            }
            variable.appendTail(sql);
            return new Statement(sql.toString(), List.copyOf(variables));
        }

        /**
         * The value of each variable for token number {@code n} of client {@code clientId}'s chain, whose tokens live
         * {@code ttlSeconds}, in order.
         */
        List<String> values(int clientId, long n, long ttlSeconds) {
            List<String> values = new ArrayList<>(variables.size());
            for (String name : variables) {
                values.add(switch (name) {
                    case "client_id" -> Integer.toString(clientId);
                    case "n" -> Long.toString(n);
                    case "next" -> Long.toString(n + 1);
                    case "ttl_seconds" -> Long.toString(ttlSeconds);
                    default -> throw new IllegalArgumentException("the script uses an unknown variable :" + name);
                });
            }
            return values;
        }
    }

    private final List<Chain> chains;

    private JdbcRotations(List<Chain> chains) {
        this.chains = chains;
    }

    /**
     * {@code clients} chains, seeded afresh as for pgbench, each on a connection of its own. A rotation that finds no
     * active token counts as failed: a chain is never replayed.
     */
    public static JdbcRotations open(Postgres database, int clients) throws IOException, InterruptedException {
        long ttlSeconds = database.seedChains(clients);
        List<Statement> statements = Statement.of(RotationScript.pgbench());
        JdbcRotations rotations = new JdbcRotations(new ArrayList<>(clients));
        try {
            for (int id = 0; id < clients; id++) {
                rotations.chains.add(new Chain(database.connect(), statements, id, ttlSeconds));
            }
            return rotations;
        } catch (SQLException e) {
            rotations.close();
            throw new IOException("could not connect to " + database.name() + ": " + e.getMessage(), e);
        }
    }

    /** The chains, as virtual clients for {@link ClosedLoop#run}. */
    public List<? extends ClosedLoop.VirtualClient> clients() {
        return chains;
    }

    @Override
    public void close() {
        for (Chain chain : chains) {
            chain.close();
        }
    }

    /**
     * One client following its own chain of tokens, as pgbench's client {@code id} does: the first statement reads the
     * presented token's record, the last one's count says whether it rotated.
     */
    private static final class Chain implements ClosedLoop.VirtualClient {

        private final Connection connection;
        private final List<Statement> statements;
        private final List<PreparedStatement> prepared = new ArrayList<>();
        private final int id;
        private final long ttlSeconds;
        private long n;
        private String lastFailure = "";

        Chain(Connection connection, List<Statement> statements, int id, long ttlSeconds) throws SQLException {
            this.connection = connection;
            this.statements = statements;
            this.id = id;
            this.ttlSeconds = ttlSeconds;
            connection.setAutoCommit(false);
            for (Statement statement : statements) {
                prepared.add(connection.prepareStatement(statement.sql()));
            }
        }

        @Override
        public boolean call() throws IOException {
            try {
                boolean rotated = false;
                for (int s = 0; s < statements.size(); s++) {
                    List<String> values = statements.get(s).values(id, n, ttlSeconds);
                    PreparedStatement statement = prepared.get(s);
                    for (int i = 0; i < values.size(); i++) {
                        statement.setString(i + 1, values.get(i));
                    }
                    if (statement.execute()) {
                        try (ResultSet ignored = statement.getResultSet()) {
                            // read and discarded, as pgbench does
                        }
                    } else {
                        rotated = statement.getUpdateCount() == 1;
                    }
                }
                connection.commit();
                if (!rotated) {
                    lastFailure = "client " + id + ": token " + n + " of its chain was not active";
                    return false;
                }
                n++;
                return true;
            } catch (SQLException e) {
                try {
                    connection.rollback();
                } catch (SQLException ignored) {
                    // The connection is gone; the next call fails too, and the run reports it.
                }
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public String lastFailure() {
            return lastFailure;
        }

        void close() {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Closing after the run: nothing is lost.
            }
        }
    }
}

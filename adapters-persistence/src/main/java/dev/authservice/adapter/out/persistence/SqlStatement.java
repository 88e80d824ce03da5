package dev.authservice.adapter.out.persistence;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A statement kept in a file of its own beside the class that runs it, its parameters named ({@code :name}) and
 * bound by name. One text, read by the store that runs it and by the benchmark, which makes its pgbench script from
 * it: nothing is kept alike by hand.
 */
public final class SqlStatement {

    /** A parameter ({@code :name}), not a cast ({@code ::type}). */
    private static final Pattern PARAMETER = Pattern.compile("(?<!:):([a-z_]+)");

    private final String text;
    private final String jdbc;
    private final List<String> parameters;

    private SqlStatement(String text) {
        this.text = text;
        List<String> names = new ArrayList<>();
        Matcher parameter = PARAMETER.matcher(text);
        StringBuilder jdbc = new StringBuilder();
        while (parameter.find()) {
            names.add(parameter.group(1));
            parameter.appendReplacement(jdbc, "?");
        }
        parameter.appendTail(jdbc);
        this.jdbc = jdbc.toString();
        this.parameters = List.copyOf(names);
    }

    /** The statement in {@code file}, beside {@code owner}'s class file; its comment lines ({@code --}) left out. */
    public static SqlStatement load(Class<?> owner, String file) {
        try (InputStream in = owner.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("no " + file + " beside " + owner.getName());
            }
            return new SqlStatement(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.strip().startsWith("--"))
                    .collect(Collectors.joining("\n")).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The statement with its named parameters, as in its file. */
    public String text() {
        return text;
    }

    /** The statement prepared on {@code connection}, each parameter bound to its value: instants in UTC. */
    public PreparedStatement prepare(Connection connection, Map<String, ?> values) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(jdbc);
        try {
            for (int i = 0; i < parameters.size(); i++) {
                String name = parameters.get(i);
                if (!values.containsKey(name)) {
                    throw new IllegalArgumentException("no value for :" + name);
                }
                Object value = values.get(name);
                statement.setObject(i + 1, value instanceof Instant instant ? instant.atOffset(ZoneOffset.UTC) : value);
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }
}

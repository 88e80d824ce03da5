package dev.authservice.adapter.out.persistence.user;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Migration 8: every stored username in the form {@link Username} now gives it (PRECIS {@code UsernameCaseMapped}),
 * so that {@code Alice} can log in as {@code alice}. In Java rather than SQL because the rule is the domain's, and no
 * database has it. Names that would become one ({@code Alice} and {@code alice}), and names the rule refuses, are not
 * merged or guessed at: the migration fails, naming every such row, and the service does not start until an operator
 * has renamed them.
 */
public final class UsernamesInCaseMappedForm implements JavaMigration {

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("8");
    }

    @Override
    public String getDescription() {
        return "usernames in their case mapped form";
    }

    @Override
    public Integer getChecksum() {
        return 1; // changes only if this migration ever must
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        Map<String, List<StoredName>> byEnforcedForm = new LinkedHashMap<>();
        List<StoredName> refused = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT id, username FROM users ORDER BY username");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                StoredName name = new StoredName(rows.getObject(1, UUID.class), rows.getString(2));
                try {
                    byEnforcedForm.computeIfAbsent(new Username(name.username()).value(), form -> new ArrayList<>())
                            .add(name);
                } catch (InvalidValueException e) {
                    refused.add(name);
                }
            }
        }
        List<List<StoredName>> collisions = byEnforcedForm.values().stream().filter(names -> names.size() > 1).toList();
        if (!collisions.isEmpty() || !refused.isEmpty()) {
            throw new IllegalStateException(problems(collisions, refused));
        }
        try (PreparedStatement update = connection.prepareStatement("UPDATE users SET username = ? WHERE id = ?")) {
            for (Map.Entry<String, List<StoredName>> entry : byEnforcedForm.entrySet()) {
                StoredName name = entry.getValue().get(0);
                if (!entry.getKey().equals(name.username())) {
                    update.setString(1, entry.getKey());
                    update.setObject(2, name.id());
                    update.addBatch();
                }
            }
            update.executeBatch();
        }
    }

    private static String problems(List<List<StoredName>> collisions, List<StoredName> refused) {
        List<String> problems = new ArrayList<>();
        collisions.forEach(names -> problems.add("these read as one name: " + listed(names)));
        if (!refused.isEmpty()) {
            problems.add("these are not valid usernames any more (spaces, invisible characters, symbols, mixed "
                    + "scripts): " + listed(refused));
        }
        return "Usernames are now stored and compared in one form (PRECIS UsernameCaseMapped, RFC 8265), and some "
                + "stored ones do not allow it; rename them (UPDATE users SET username = ... WHERE id = ...) and "
                + "start again. " + String.join("; ", problems);
    }

    private static String listed(List<StoredName> names) {
        return names.stream().map(name -> "'" + name.username() + "' (id " + name.id() + ")")
                .collect(Collectors.joining(", "));
    }

    private record StoredName(UUID id, String username) {
    }
}

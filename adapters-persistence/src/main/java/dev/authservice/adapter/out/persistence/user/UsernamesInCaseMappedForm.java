package dev.authservice.adapter.out.persistence.user;

import dev.authservice.domain.user.Username;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        StoredUsernames names = StoredUsernames.read(connection, Username::value);
        if (!names.allValidAndApart()) {
            throw new IllegalStateException(problems(names));
        }
        try (PreparedStatement update = connection.prepareStatement("UPDATE users SET username = ? WHERE id = ?")) {
            for (Map.Entry<String, List<StoredUsernames.Stored>> entry : names.byKey().entrySet()) {
                StoredUsernames.Stored name = entry.getValue().get(0);
                if (!entry.getKey().equals(name.username())) {
                    update.setString(1, entry.getKey());
                    update.setObject(2, name.id());
                    update.addBatch();
                }
            }
            update.executeBatch();
        }
    }

    private static String problems(StoredUsernames names) {
        List<String> problems = new ArrayList<>();
        names.sharingAKey().forEach(group -> problems.add("these read as one name: " + StoredUsernames.listed(group)));
        if (!names.refused().isEmpty()) {
            problems.add("these are not valid usernames any more (spaces, invisible characters, symbols, mixed "
                    + "scripts): " + StoredUsernames.listed(names.refused()));
        }
        return "Usernames are now stored and compared in one form (PRECIS UsernameCaseMapped, RFC 8265), and some "
                + "stored ones do not allow it; rename them (UPDATE users SET username = ... WHERE id = ...) and "
                + "start again. " + String.join("; ", problems);
    }
}

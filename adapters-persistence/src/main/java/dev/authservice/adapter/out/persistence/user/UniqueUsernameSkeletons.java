package dev.authservice.adapter.out.persistence.user;

import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.user.Username;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Migration 9: every user's confusable skeleton ({@link UsernameSkeletons}) in {@code users.username_skeleton}, unique,
 * so that the database refuses a name that looks like a taken one as it refuses a taken name, whichever of two
 * concurrent inserts comes first. In Java because no database computes a skeleton. Stored names that look alike
 * ({@code alice} and {@code ɑlice}), and names the domain has refused since they were stored (an invisible variation
 * selector), are not merged or guessed at: the migration fails before it changes anything, naming every such row, and
 * the service does not start until an operator has renamed them.
 */
public final class UniqueUsernameSkeletons implements JavaMigration {

    private final UsernameSkeletons skeletons;

    public UniqueUsernameSkeletons(UsernameSkeletons skeletons) {
        this.skeletons = skeletons;
    }

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("9");
    }

    @Override
    public String getDescription() {
        return "unique username skeletons";
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
        StoredUsernames names = StoredUsernames.read(connection, skeletons::skeletonOf);
        if (!names.allValidAndApart()) {
            throw new IllegalStateException(problems(names));
        }
        // Every check is done: H2 commits each DDL statement, so nothing may fail after the first.
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("ALTER TABLE users ADD COLUMN username_skeleton VARCHAR(" + UsernameSkeletons.MAX_LENGTH + ")");
        }
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE users SET username_skeleton = ? WHERE id = ?")) {
            for (Map.Entry<String, List<StoredUsernames.Stored>> entry : names.byKey().entrySet()) {
                update.setString(1, entry.getKey());
                update.setObject(2, entry.getValue().get(0).id());
                update.addBatch();
            }
            update.executeBatch();
        }
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("ALTER TABLE users ALTER COLUMN username_skeleton SET NOT NULL");
            ddl.execute("ALTER TABLE users ADD CONSTRAINT users_username_skeleton_key UNIQUE (username_skeleton)");
        }
    }

    private static String problems(StoredUsernames names) {
        List<String> problems = new ArrayList<>();
        names.sharingAKey().forEach(group -> problems.add("these look alike: " + StoredUsernames.listed(group)));
        if (!names.refused().isEmpty()) {
            problems.add("these are not valid usernames any more (invisible characters, such as variation selectors): "
                    + StoredUsernames.listed(names.refused()));
        }
        return "A username may no longer look like another one (Unicode TS #39 confusables), and some stored ones "
                + "do; rename them (UPDATE users SET username = ... WHERE id = ...) and start again. "
                + String.join("; ", problems);
    }
}

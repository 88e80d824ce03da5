package dev.authservice.adapter.out.persistence.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.SignUpPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The clean-up's round: accounts pending too long go with their tokens, a batch at a time; the others stay. */
class SignUpCleanUpTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    private static final Instant NOW = TestTime.now();

    @Test
    void aRoundRemovesAccountsPendingTooLongWithTheirTokensBatchAfterBatch() {
        database.deleteAllRows();
        UserStore users = database.bean(UserStore.class);
        MailedTokenStore tokens = database.bean(MailedTokenStore.class);
        SignUpPolicy policy = SignUpPolicy.defaults();
        Instant tooLong = NOW.minus(policy.pendingLifetime()).minusSeconds(1);
        for (int i = 0; i < 3; i++) {
            UserAccount old = pending("old-" + i, tooLong);
            users.add(old);
            tokens.issue(MailedToken.issue(MailedTokenHash.of("token-" + i), MailedToken.Purpose.EMAIL_VERIFICATION,
                    old.id(), TokenFingerprint.ofAddress(old.email().orElseThrow().address()), tooLong,
                    Duration.ofHours(24)));
        }
        UserAccount recent = pending("recent", NOW.minus(Duration.ofDays(1)));
        users.add(recent);
        UserAccount regular = UserAccountMother.aUser().withEmail("regular@example.com", false).build();
        users.add(regular);

        SignUpCleanUp cleanUp = new SignUpCleanUp(users, policy, 2, Clock.fixed(NOW, ZoneOffset.UTC));
        assertEquals(3, cleanUp.removeExpiredBy(NOW));

        assertEquals(Optional.empty(), users.findByUsername(new Username("old-0")));
        assertEquals(Optional.empty(), tokens.find(MailedTokenHash.of("token-0"), MailedToken.Purpose.EMAIL_VERIFICATION));
        assertTrue(users.findById(recent.id()).isPresent());
        assertTrue(users.findById(regular.id()).isPresent());
        assertEquals(0, cleanUp.removeExpiredBy(NOW));
    }

    /**
     * Every table whose foreign keys name {@code users} is one a removal clears, after every table whose foreign keys
     * name it: a table a later migration adds fails here until {@code JdbcUserStore} clears it too.
     */
    @Test
    void aRemovalClearsEveryTableThatReferencesAnAccountChildrenFirst() throws SQLException {
        try (Connection connection = database.target().connect()) {
            DatabaseMetaData metadata = connection.getMetaData();
            List<String> cleared = JdbcUserStore.REFERENCING_USERS.stream().map(JdbcUserStore.UserReference::table)
                    .toList();
            assertEquals(new TreeSet<>(cleared), referencing(metadata, connection.getSchema(), "users"));
            for (int i = 0; i < cleared.size(); i++) {
                String table = cleared.get(i);
                Set<String> children = referencing(metadata, connection.getSchema(), table);
                children.remove(table);
                assertTrue(cleared.subList(0, i).containsAll(children), table + " is cleared after " + children);
            }
        }
    }

    private static Set<String> referencing(DatabaseMetaData metadata, String schema, String table)
            throws SQLException {
        Set<String> tables = new TreeSet<>();
        String stored = metadata.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
        try (ResultSet keys = metadata.getExportedKeys(null, schema, stored)) {
            while (keys.next()) {
                tables.add(keys.getString("FKTABLE_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return tables;
    }

    private static UserAccount pending(String name, Instant since) {
        return UserAccount.signedUp(new UserId(UUID.randomUUID()), new Username(name),
                UserAccountMother.SOME_PASSWORD_HASH, new EmailAddress(name + "@example.com"), since);
    }
}

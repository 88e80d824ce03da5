package dev.authservice.adapter.out.persistence.federation;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The links in {@code identity_links}. The unique key on the identity decides which of two links of it is stored. */
@Singleton
@TranslatesUnavailability
class JdbcIdentityLinkStore implements IdentityLinkStore {

    private final TransactionalStatements jdbc;
    private final ConnectionOperations<Connection> connections;

    JdbcIdentityLinkStore(TransactionOperations<Connection> transactions,
                          ConnectionOperations<Connection> connections) {
        this.jdbc = new TransactionalStatements(transactions);
        this.connections = connections;
    }

    @Override
    public boolean add(IdentityLink link) {
        return UniqueViolation.inserted(connections, connection -> update(connection,
                "INSERT INTO identity_links (id, user_id, provider, issuer, subject, linked_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?)", statement -> {
                    statement.setObject(1, link.id().value());
                    statement.setObject(2, link.userId().value());
                    statement.setString(3, link.provider().value());
                    statement.setString(4, link.identity().issuer());
                    statement.setString(5, link.identity().subject());
                    statement.setObject(6, at(link.linkedAt()));
                }), () -> findByIdentity(link.identity()).isPresent());
    }

    @Override
    public Optional<IdentityLink> findByIdentity(ExternalIdentity identity) {
        List<IdentityLink> found = select("SELECT * FROM identity_links WHERE issuer = ? AND subject = ?",
                statement -> {
                    statement.setString(1, identity.issuer());
                    statement.setString(2, identity.subject());
                });
        return found.stream().findFirst();
    }

    @Override
    public List<IdentityLink> findByUser(UserId userId) {
        return select("SELECT * FROM identity_links WHERE user_id = ? ORDER BY linked_at, id",
                statement -> statement.setObject(1, userId.value()));
    }

    @Override
    public boolean remove(IdentityLinkId id, UserId userId) {
        return jdbc.write(connection -> update(connection, "DELETE FROM identity_links WHERE id = ? AND user_id = ?",
                statement -> {
                    statement.setObject(1, id.value());
                    statement.setObject(2, userId.value());
                })) == 1;
    }

    private List<IdentityLink> select(String sql, TransactionalStatements.Binder binder) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                binder.bind(statement);
                try (ResultSet row = statement.executeQuery()) {
                    List<IdentityLink> links = new ArrayList<>();
                    while (row.next()) {
                        links.add(link(row));
                    }
                    return links;
                }
            }
        });
    }

    private static IdentityLink link(ResultSet row) throws SQLException {
        return new IdentityLink(new IdentityLinkId(row.getObject("id", UUID.class)),
                new UserId(row.getObject("user_id", UUID.class)), new ProviderName(row.getString("provider")),
                new ExternalIdentity(row.getString("issuer"), row.getString("subject")),
                instant(row, "linked_at"));
    }
}

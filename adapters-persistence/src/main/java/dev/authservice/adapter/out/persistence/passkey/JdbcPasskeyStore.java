package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.connection.ConnectionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;

@Singleton
@TranslatesUnavailability
class JdbcPasskeyStore implements PasskeyStore {

    private final PasskeyRowRepository rows;
    private final ConnectionOperations<Connection> connections;

    JdbcPasskeyStore(PasskeyRowRepository rows, ConnectionOperations<Connection> connections) {
        this.rows = rows;
        this.connections = connections;
    }

    @Override
    public List<Passkey> findByOwner(UserId ownerId) {
        return rows.findByUserIdOldestFirst(ownerId.value()).stream()
                .map(PasskeyRow::toPasskey)
                .toList();
    }

    @Override
    public Optional<Passkey> find(CredentialId id) {
        return rows.findByCredentialId(id.toString()).map(PasskeyRow::toPasskey);
    }

    /** One UPDATE conditional on the counter that was read: the database lets one of two concurrent ones through. */
    @Override
    public boolean recordUse(Passkey used, Passkey next) {
        return used.id().equals(next.id()) && rows.recordUse(used.id().toString(), used.signCount(),
                next.signCount(), next.backedUp(), next.lastUsedAt().orElseThrow()) == 1;
    }

    /** The primary key on {@code credential_id} decides. */
    @Override
    public boolean add(Passkey passkey) {
        return UniqueViolation.inserted(connections, connection -> rows.insert(PasskeyRow.of(passkey)),
                () -> rows.existsByCredentialId(passkey.id().toString()));
    }

    @Override
    public boolean remove(CredentialId id, UserId ownerId) {
        return rows.deleteByCredentialIdAndUserId(id.toString(), ownerId.value()) == 1;
    }
}

package dev.authservice.adapter.out.persistence.user;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface UserRowRepository extends GenericRepository<UserRow, UUID> {

    Optional<UserRow> findById(UUID id);

    Optional<UserRow> findByUsername(String username);

    Page<UserRow> findAll(Pageable pageable);

    void insert(UserRow row);
}

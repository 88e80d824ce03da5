package dev.authservice.adapter.out.persistence.order;

import dev.authservice.domain.order.OrderStatus;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface OrderRowRepository extends GenericRepository<OrderRow, UUID> {

    Page<OrderRow> findByUserId(UUID userId, Pageable pageable);

    Page<OrderRow> findByUserIdAndStatus(UUID userId, OrderStatus status, Pageable pageable);

    Optional<OrderRow> findByIdAndUserId(UUID id, UUID userId);

    boolean existsByUserIdAndReference(UUID userId, String reference);

    void insert(OrderRow row);

    /** One statement: an unknown order, someone else's and one deleted already all delete no row. */
    int deleteByIdAndUserId(UUID id, UUID userId);
}

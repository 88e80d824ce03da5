package dev.authservice.adapter.out.persistence.order;

import dev.authservice.domain.order.OrderStatus;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface OrderRowRepository extends GenericRepository<OrderRow, UUID> {

    Page<OrderRow> findByUserId(UUID userId, Pageable pageable);

    Page<OrderRow> findByUserIdAndStatus(UUID userId, OrderStatus status, Pageable pageable);

    void insert(OrderRow row);
}

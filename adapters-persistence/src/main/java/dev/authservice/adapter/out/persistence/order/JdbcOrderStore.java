package dev.authservice.adapter.out.persistence.order;

import dev.authservice.adapter.out.persistence.Paging;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.order.port.out.OrderStore;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.data.model.Pageable;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.Optional;

@Singleton
@TranslatesUnavailability
class JdbcOrderStore implements OrderStore {

    private final OrderRowRepository rows;
    private final ConnectionOperations<Connection> connections;

    JdbcOrderStore(OrderRowRepository rows, ConnectionOperations<Connection> connections) {
        this.rows = rows;
        this.connections = connections;
    }

    @Override
    public Page<Order> findByOwner(UserId ownerId, Optional<OrderStatus> status, Sort<Order.SortKey> sort,
                                   PageRequest page) {
        Pageable pageable = Paging.pageable(page, property(sort.key()), sort.direction());
        var found = status
                .map(wanted -> rows.findByUserIdAndStatus(ownerId.value(), wanted, pageable))
                .orElseGet(() -> rows.findByUserId(ownerId.value(), pageable));
        return Paging.page(found, page, OrderRow::toOrder);
    }

    /** The property of {@link OrderRow} that holds {@code key}. */
    private static String property(Order.SortKey key) {
        return switch (key) {
            case CREATED_AT -> "createdAt";
            case TOTAL_AMOUNT -> "totalAmount";
            case STATUS -> "status";
        };
    }

    @Override
    public Optional<Order> findByIdOfOwner(OrderId id, UserId ownerId) {
        return rows.findByIdAndUserId(id.value(), ownerId.value()).map(OrderRow::toOrder);
    }

    /** The unique constraint on {@code (user_id, reference)} decides. */
    @Override
    public boolean add(Order order) {
        return UniqueViolation.inserted(connections, connection -> rows.insert(OrderRow.of(order)),
                () -> rows.existsByUserIdAndReference(order.ownerId().value(), order.reference().value()));
    }

    @Override
    public boolean remove(OrderId id, UserId ownerId) {
        return rows.deleteByIdAndUserId(id.value(), ownerId.value()) == 1;
    }
}

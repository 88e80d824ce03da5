package dev.authservice.domain.order;

import dev.authservice.domain.Require;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * An order placed by a user; the example of a protected resource that belongs to its owner.
 *
 * @param reference the owner's own key for the order, unique among their orders
 * @param note      what the owner wrote about the order, if anything
 */
public record Order(OrderId id, UserId ownerId, OrderReference reference, OrderStatus status, Money total,
                    Optional<String> note, Instant createdAt) {

    /** What a list of orders can be sorted by. */
    public enum SortKey { CREATED_AT, TOTAL_AMOUNT, STATUS }

    public static final int MAX_NOTE_LENGTH = 500;

    public Order {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ownerId, "ownerId");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(total, "total");
        note = checkedNote(note);
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /**
     * A new order, pending until it is paid. Its time is kept to the microsecond, as every store keeps it, so that
     * the order placed is the order read back.
     */
    public static Order place(OrderId id, UserId ownerId, OrderReference reference, Money total, Optional<String> note,
                              Instant now) {
        return new Order(id, ownerId, reference, OrderStatus.PENDING, total, note, now.truncatedTo(ChronoUnit.MICROS));
    }

    /** {@code note} itself, refused if it holds a blank or over-long text or control characters. */
    public static Optional<String> checkedNote(Optional<String> note) {
        Objects.requireNonNull(note, "note");
        note.ifPresent(text -> Require.text("note", text, MAX_NOTE_LENGTH));
        return note;
    }
}

package dev.authservice.domain.order;

import dev.authservice.domain.Require;

/**
 * The client's own key for an order, such as the id of the cart it came from. An owner never has two orders with one
 * reference, so a client that places an order again after a lost answer cannot order twice; another owner may use
 * the same reference.
 */
public record OrderReference(String value) {

    public static final int MAX_LENGTH = 64;

    public OrderReference {
        Require.text("reference", value, MAX_LENGTH);
    }

    @Override
    public String toString() {
        return value;
    }
}

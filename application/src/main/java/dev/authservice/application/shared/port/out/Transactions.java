package dev.authservice.application.shared.port.out;

import java.util.function.Supplier;

/**
 * Where a use case draws its transaction boundary: the work inside commits once, or not at all. The stores' own
 * methods are atomic already; a use case needs this only to make several of them, and what it records, one unit.
 */
public interface Transactions {

    <T> T inTransaction(Supplier<T> work);
}

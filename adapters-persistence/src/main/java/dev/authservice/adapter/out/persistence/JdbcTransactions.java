package dev.authservice.adapter.out.persistence;

import dev.authservice.application.shared.port.out.Transactions;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.function.Supplier;

/** A use case's transaction is the database's: the stores' own transactions inside it join it. */
@Singleton
@TranslatesUnavailability
class JdbcTransactions implements Transactions {

    private final TransactionOperations<Connection> transactions;

    JdbcTransactions(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return transactions.executeWrite(status -> work.get());
    }
}

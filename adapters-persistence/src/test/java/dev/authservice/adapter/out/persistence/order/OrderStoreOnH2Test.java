package dev.authservice.adapter.out.persistence.order;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.order.port.out.OrderStore;
import dev.authservice.application.order.port.out.OrderStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class OrderStoreOnH2Test extends OrderStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected OrderStore emptyOrderStore() {
        database.deleteAllRows();
        return database.bean(OrderStore.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }
}

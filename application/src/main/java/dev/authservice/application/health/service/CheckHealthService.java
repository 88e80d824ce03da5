package dev.authservice.application.health.service;

import dev.authservice.application.health.port.in.CheckHealthUseCase;
import dev.authservice.application.health.port.out.StoreHealth;

public final class CheckHealthService implements CheckHealthUseCase {

    private final StoreHealth stores;

    public CheckHealthService(StoreHealth stores) {
        this.stores = stores;
    }

    @Override
    public Result checkHealth(Query query) {
        return stores.answers() ? new Result.Up() : new Result.Down();
    }
}

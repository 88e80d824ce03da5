package dev.authservice.application.health.port.out;

/** Whether the stores answer at all, asked with a short timeout: a health check must not hang with a stuck database. */
public interface StoreHealth {

    boolean answers();
}

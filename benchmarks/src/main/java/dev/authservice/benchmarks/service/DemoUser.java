package dev.authservice.benchmarks.service;

/** The user the scenarios sign in as: a demo user the service seeds in {@code dev}, and Keycloak's realm's user. */
public final class DemoUser {

    public static final String USERNAME = "alice";
    public static final String PASSWORD = "alice-password";

    private DemoUser() {
    }
}

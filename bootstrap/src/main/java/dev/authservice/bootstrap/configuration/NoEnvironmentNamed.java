package dev.authservice.bootstrap.configuration;

import dev.authservice.bootstrap.AuthServiceApplication;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.value.PropertyResolver;
import io.micronaut.http.server.HttpServerConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jar started with no environment named: a newcomer trying it on their own machine. It runs as {@code dev}, with
 * the demo users and their published passwords (bob is an administrator), and as {@link #ENVIRONMENT}, which says
 * that nobody chose {@code dev}: Micronaut activates the two only when no environment is named or detected
 * ({@link AuthServiceApplication}). So that a published password is never reachable from another machine and never
 * exists in a deployment, a trial listens on loopback only, and refuses to start when something is configured that
 * only a deployment configures. Built before the other eager beans ({@code @Order}), so that a refusal comes
 * before anything is seeded or even migrated in the database it names.
 */
@Context
@Order(Ordered.HIGHEST_PRECEDENCE)
@Requires(env = NoEnvironmentNamed.ENVIRONMENT)
public class NoEnvironmentNamed implements BeanCreatedEventListener<HttpServerConfiguration> {

    public static final String ENVIRONMENT = "no-environment-named";

    private static final Logger LOG = LoggerFactory.getLogger(NoEnvironmentNamed.class);
    private static final String LOOPBACK = "127.0.0.1";

    /** application.yml's database; any other is a deployment's. Should they differ, the jar refuses its own default. */
    static final String EMBEDDED_DATABASE_URL = "jdbc:h2:file:./data/auth-service;WRITE_DELAY=0";

    /** Settings a trial has no use for, each with the environment variable that sets it. */
    private static final Map<String, String> DEPLOYMENT_SETTINGS = Map.of(
            "auth.jwt.secret", "AUTH_JWT_SECRET",
            "auth.jwt.signing-key-file", "AUTH_JWT_SIGNING_KEY_FILE",
            "auth.jwt.verification-key-files", "AUTH_JWT_VERIFICATION_KEY_FILES",
            "micronaut.server.host", "MICRONAUT_SERVER_HOST",
            "micronaut.server.netty.listeners", "MICRONAUT_SERVER_NETTY_LISTENERS",
            "auth.client-address.trusted-proxies", "AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES",
            "auth.bootstrap-admin.username", "AUTH_BOOTSTRAP_ADMIN_USERNAME",
            "auth.bootstrap-admin.password", "AUTH_BOOTSTRAP_ADMIN_PASSWORD",
            "auth.webauthn.rp-id", "AUTH_WEBAUTHN_RP_ID");

    NoEnvironmentNamed(Environment environment) {
        List<String> seen = deploymentSettings(environment);
        if (!seen.isEmpty()) {
            throw new MisconfigurationException("no environment is named, but " + String.join(", ", seen)
                    + ", as in a deployment: set MICRONAUT_ENVIRONMENTS=prod to deploy, or MICRONAUT_ENVIRONMENTS=dev"
                    + " to keep the demo users and their published passwords");
        }
        LOG.info("No environment is named: a local trial with the demo users, listening on {} only "
                + "(MICRONAUT_ENVIRONMENTS=dev listens on every interface, =prod seeds nothing)", LOOPBACK);
    }

    /** What in {@code configuration} only a deployment sets, in the words of the refusal; sorted, so it reads alike. */
    static List<String> deploymentSettings(PropertyResolver configuration) {
        List<String> seen = new ArrayList<>();
        DEPLOYMENT_SETTINGS.forEach((property, variable) -> {
            if (configuration.containsProperties(property)) {
                seen.add(property + " (" + variable + ") is set");
            }
        });
        configuration.get("datasources.default.url", String.class)
                .filter(url -> !url.equals(EMBEDDED_DATABASE_URL))
                .ifPresent(url -> seen.add("datasources.default.url (DATASOURCES_DEFAULT_URL) names another database"
                        + " than the embedded one"));
        seen.sort(null);
        return seen;
    }

    /** Both ports, the API's and the management one, bind to the server's host (NettyHttpServer). */
    @Override
    public HttpServerConfiguration onCreated(BeanCreatedEvent<HttpServerConfiguration> event) {
        event.getBean().setHost(LOOPBACK);
        return event.getBean();
    }
}

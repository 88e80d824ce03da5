package dev.authservice.bootstrap.configuration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.PropertySourcePropertyResolver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a trial counts as a deployment's settings; SafeDefaultsIT starts the jar with each of them. */
class NoEnvironmentNamedTest {

    @Test
    void theEmbeddedDatabaseAndSettingsOfAnyTrialAreNoDeployment() {
        assertEquals(List.of(), NoEnvironmentNamed.deploymentSettings(configuration(Map.of(
                "datasources.default.url", NoEnvironmentNamed.EMBEDDED_DATABASE_URL,
                "micronaut.server.port", 9090,
                "auth.password.min-length", 20))));
    }

    @Test
    void everySettingSeenIsNamedInOneSortedList() {
        List<String> seen = NoEnvironmentNamed.deploymentSettings(configuration(Map.of(
                "datasources.default.url", "jdbc:postgresql://db.internal:5432/auth",
                "micronaut.server.netty.listeners.public.port", 443,
                "auth.jwt.secret", "aLiEULTP2rlutzWkwFxJQ8fIYX6uvfMdj1KO7bOkucg=",
                "auth.webauthn.rp-id", "example.com")));

        assertEquals(List.of(
                "auth.jwt.secret (AUTH_JWT_SECRET) is set",
                "auth.webauthn.rp-id (AUTH_WEBAUTHN_RP_ID) is set",
                "datasources.default.url (DATASOURCES_DEFAULT_URL) names another database than the embedded one",
                "micronaut.server.netty.listeners (MICRONAUT_SERVER_NETTY_LISTENERS) is set"), seen);
    }

    private static PropertySourcePropertyResolver configuration(Map<String, Object> properties) {
        return new PropertySourcePropertyResolver(PropertySource.of(properties));
    }
}

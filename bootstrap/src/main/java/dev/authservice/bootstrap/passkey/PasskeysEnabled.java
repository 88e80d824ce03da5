package dev.authservice.bootstrap.passkey;

import dev.authservice.bootstrap.session.AccessTokenKeysFactory;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.context.env.Environment;

/**
 * Whether the service offers passkeys: as {@code auth.webauthn.enabled} says; unset, in dev and test (where
 * {@link WebAuthnFactory} has defaults), or wherever {@code auth.webauthn.rp-id} is configured.
 */
final class PasskeysEnabled implements Condition {

    @Override
    public boolean matches(ConditionContext context) {
        if (!(context.getBeanContext() instanceof ApplicationContext application)) {
            return false;
        }
        Environment environment = application.getEnvironment();
        return environment.getProperty("auth.webauthn.enabled", Boolean.class).orElseGet(() ->
                AccessTokenKeysFactory.mayBeMadeAtStart(environment.getActiveNames())
                        || environment.containsProperty("auth.webauthn.rp-id"));
    }
}

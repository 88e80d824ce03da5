package dev.authservice.bootstrap.passkey;

import dev.authservice.adapter.out.crypto.passkey.WebAuthnPasskeyVerifier;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.session.AccessTokenKeysFactory;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relying party of passkeys (docs/passkeys.md): {@code auth.webauthn.rp-id}, {@code auth.webauthn.rp-name} and
 * {@code auth.webauthn.origins}. In dev and test, left out, they are {@code localhost} and the service's own
 * {@code http://localhost:<port>}, so the browser client works as started. Elsewhere nothing is guessed: a passkey
 * is bound to its relying-party id for its life, so a wrong guess would strand every passkey made under it. There,
 * passkeys are off until the id is set, and the id without origins (or passkeys enabled without either) stops the
 * start.
 */
@Factory
class WebAuthnFactory {

    private static final Logger LOG = LoggerFactory.getLogger(WebAuthnFactory.class);
    private static final String RP_ID = "auth.webauthn.rp-id (AUTH_WEBAUTHN_RP_ID)";
    private static final String ORIGINS = "auth.webauthn.origins (AUTH_WEBAUTHN_ORIGINS)";

    /** Built with the context, so that a misconfiguration stops the start instead of the first registration. */
    @Context
    @Requires(condition = PasskeysEnabled.class)
    RelyingParty relyingParty(@Property(name = "auth.webauthn.rp-id") @Nullable String id,
                              @Property(name = "auth.webauthn.rp-name") String name,
                              @Property(name = "auth.webauthn.origins") @Nullable List<String> origins,
                              @Property(name = "micronaut.server.port") int port,
                              Environment environment) {
        return relyingParty(id, name, origins, port,
                AccessTokenKeysFactory.mayBeMadeAtStart(environment.getActiveNames()));
    }

    static RelyingParty relyingParty(@Nullable String id, String name, @Nullable List<String> origins, int port,
                                     boolean development) {
        boolean idSet = id != null && !id.isEmpty();
        boolean originsSet = origins != null && !origins.isEmpty();
        if (!development && !(idSet && originsSet)) {
            throw new MisconfigurationException("passkeys need " + RP_ID + " and " + ORIGINS + " outside the dev "
                    + "and test environments: the host name passkeys are bound to (example.com) and the origins of "
                    + "the pages that register them (https://app.example.com)");
        }
        // A random port (-1 or 0, in tests) is no origin to name: then plain http://localhost.
        String localOrigin = port > 0 ? "http://localhost:" + port : "http://localhost";
        try {
            RelyingParty relyingParty = new RelyingParty(idSet ? id : "localhost", name,
                    originsSet ? origins(origins) : Set.of(localOrigin));
            LOG.info("passkeys: relying party {}, origins {}", relyingParty.id(), relyingParty.origins());
            return relyingParty;
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.webauthn: " + e.getMessage());
        }
    }

    @Singleton
    PasskeyVerifier passkeyVerifier() {
        return new WebAuthnPasskeyVerifier();
    }

    /** Each an origin as a browser writes it: a scheme, a host and a port if not the scheme's own, nothing more. */
    private static Set<String> origins(List<String> entries) {
        Set<String> origins = new LinkedHashSet<>();
        for (String entry : entries) {
            try {
                URI uri = new URI(entry);
                boolean bare = (uri.getPath() == null || uri.getPath().isEmpty()) && uri.getQuery() == null
                        && uri.getFragment() == null && uri.getUserInfo() == null;
                if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null
                        || !bare) {
                    throw new InvalidValueException("origins", ORIGINS + ": not an origin: " + entry);
                }
                origins.add(entry);
            } catch (URISyntaxException e) {
                throw new InvalidValueException("origins", ORIGINS + ": not an origin: " + entry);
            }
        }
        return origins;
    }
}

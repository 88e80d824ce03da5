/**
 * The outbound adapter that speaks OpenID Connect to identity providers: {@code federation.OidcIdentityProviders}
 * discovers each configured provider, builds its authorization requests (code flow, PKCE S256, state, nonce),
 * exchanges codes and validates ID tokens, all on the Nimbus OAuth 2.0 SDK. Plain Java; the wiring in
 * {@code bootstrap} hands it the configuration.
 */
package dev.authservice.adapter.out.oidc;

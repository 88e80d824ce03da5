package dev.authservice.adapter.in.web.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.application.session.port.in.PublishTokenKeysUseCase;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * What another service needs to verify access tokens by itself (docs/keys.md): the public keys as a JWK Set (RFC 7517)
 * and the authorization server's metadata (RFC 8414) that points to it. Under HS256 there is nothing to publish: 404.
 * Both answers are the same for every request, as a shared cache that keeps them must find them: the metadata's URLs
 * come from the {@link PublicUrl}, never from the request's headers.
 */
@Controller("/.well-known")
@Secured(SecurityRule.IS_ANONYMOUS)
class WellKnownController implements WellKnownApi {

    static final String JWKS_PATH = "/.well-known/jwks.json";

    /**
     * Verifiers may keep the keys five minutes: a new key must be announced (verification-only on every instance) at
     * least this long before it signs, which the rotation procedure's wait covers. Not every verifier reads it:
     * micronaut-security keeps the set for its own configured time and never fetches again on an unknown {@code kid}
     * (docs/resource-server.md).
     */
    static final String CACHE_CONTROL = "public, max-age=300";

    private final PublishTokenKeysUseCase publishTokenKeys;
    private final PublicUrl publicUrl;

    WellKnownController(PublishTokenKeysUseCase publishTokenKeys, PublicUrl publicUrl) {
        this.publishTokenKeys = publishTokenKeys;
        this.publicUrl = publicUrl;
    }

    @Override
    @Get("/jwks.json")
    public HttpResponse<?> publicKeys() {
        return publishTokenKeys.publishTokenKeys(new PublishTokenKeysUseCase.Query()).match(
                published -> cacheable(new JwkSet(published.keys())),
                sharedSecret -> ErrorResponses.of(CommonErrorCode.NOT_FOUND));
    }

    @Override
    @Get("/oauth-authorization-server")
    public HttpResponse<?> authorizationServerMetadata() {
        return publishTokenKeys.publishTokenKeys(new PublishTokenKeysUseCase.Query()).match(
                published -> publicUrl.resolve(JWKS_PATH)
                        .<HttpResponse<?>>map(jwksUri -> cacheable(new AuthorizationServerMetadata(published.issuer(),
                                jwksUri, List.of(), List.of(published.algorithm()))))
                        .orElseGet(() -> ErrorResponses.of(CommonErrorCode.NOT_FOUND, "No public URL is configured "
                                + "(auth.public-url): the keys are at " + JWKS_PATH + " on this service")),
                sharedSecret -> ErrorResponses.of(CommonErrorCode.NOT_FOUND));
    }

    private static <T> HttpResponse<T> cacheable(T body) {
        return HttpResponse.ok(body).header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
    }

    /** @param keys the public JWKs: {@code kty}, {@code kid}, {@code alg}, {@code use} and the public parameters */
    @Serdeable
    @Schema(name = "JwkSet")
    record JwkSet(List<Map<String, String>> keys) {
    }

    /**
     * RFC 8414 metadata, its members named as the RFC names them. This service has no OAuth authorization or token
     * endpoint, so it supports no response type, and says so: the member is required, empty or not. RFC 8414 names no
     * member for the algorithm of access tokens, so it is in {@code access_token_signing_alg_values_supported}, as
     * several servers write it.
     */
    @Serdeable
    @Schema(name = "AuthorizationServerMetadata")
    record AuthorizationServerMetadata(String issuer, String jwks_uri,
                                       @JsonInclude(JsonInclude.Include.ALWAYS) List<String> response_types_supported,
                                       List<String> access_token_signing_alg_values_supported) {
    }
}

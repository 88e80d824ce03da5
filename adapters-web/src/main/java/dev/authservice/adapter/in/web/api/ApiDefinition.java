package dev.authservice.adapter.in.web.api;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeIn;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The head of the OpenAPI description that micronaut-openapi writes at build time from the controllers (served at
 * {@code /openapi/auth-service.yml}, with Swagger UI at {@code /swagger-ui}). The two ways a caller proves who it
 * is are its security schemes: the access token as a Bearer JWT, and the refresh token as the {@code HttpOnly}
 * cookie that only {@code POST /api/refresh} reads. What each operation answers is on the controllers, with the
 * shared parts in {@link ApiDocs}.
 */
@OpenAPIDefinition(
        info = @Info(
                title = "auth-service",
                version = "1",
                description = "Login with rotating refresh tokens, sessions and accounts. Every error, from any path, "
                        + "is the envelope {\"success\": false, \"data\": null, \"error\": {\"code\", \"message\"}, "
                        + "\"timestamp\"}; successful answers of the protected paths use the same envelope with "
                        + "success true. An unknown path is 404 NOT_FOUND, a method a path does not allow 405 "
                        + "METHOD_NOT_ALLOWED, anything unexpected 500 INTERNAL_ERROR. Where the service knows its "
                        + "host names (auth.http.host-names), a request for another host is 421 MISDIRECTED_REQUEST "
                        + "on every path, and an HTTP/1.1 request without one Host header 400 INVALID_INPUT.",
                license = @License(name = "Proprietary")),
        servers = @Server(url = "/", description = "The host that serves this description"),
        tags = {
                @Tag(name = ApiDocs.TAG_AUTH, description = "Log in, refresh the access token, log out"),
                @Tag(name = ApiDocs.TAG_USER, description = "The caller's own profile, orders, sessions and password"),
                @Tag(name = ApiDocs.TAG_ADMIN, description = "User accounts, for the ADMIN role"),
                @Tag(name = ApiDocs.TAG_OPS, description = "Operations")
        })
@SecurityScheme(
        name = ApiDocs.BEARER,
        type = SecuritySchemeType.HTTP,
        scheme = "bearer",
        bearerFormat = "JWT",
        description = "The access token from POST /api/login or POST /api/refresh")
@SecurityScheme(
        name = ApiDocs.REFRESH_COOKIE,
        type = SecuritySchemeType.APIKEY,
        in = SecuritySchemeIn.COOKIE,
        paramName = RefreshTokenCookie.NAME,
        description = "The HttpOnly refresh-token cookie set by POST /api/login and POST /api/refresh "
                + "(Path=/api/refresh); the browser sends it by itself")
interface ApiDefinition {
}

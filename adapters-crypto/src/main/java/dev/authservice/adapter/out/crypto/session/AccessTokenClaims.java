package dev.authservice.adapter.out.crypto.session;

import static com.nimbusds.jose.util.JSONObjectUtils.getLong;
import static com.nimbusds.jose.util.JSONObjectUtils.getString;
import static com.nimbusds.jose.util.JSONObjectUtils.getStringList;

import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.text.ParseException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The JWT claims of an {@link AccessToken}: those the contract names, with {@code amr} and {@code auth_time}. JWT dates are whole seconds, so writing
 * drops the fraction of every instant, and {@code nbf} is written only when it differs from {@code iat}. Reading is
 * strict: a missing or ill-typed claim is a {@link ParseException}, never a default. Only {@code nbf} is optional; when
 * absent it means {@code iat}.
 */
final class AccessTokenClaims {

    private static final String ISSUER = "iss";
    private static final String SUBJECT = "sub";
    private static final String ISSUED_AT = "iat";
    private static final String NOT_BEFORE = "nbf";
    private static final String EXPIRES_AT = "exp";
    private static final String TOKEN_ID = "jti";
    private static final String ROLES = "roles";
    private static final String NICKNAME = "nickname";
    private static final String DEPARTMENT = "department";
    private static final String USER_ID = "userId";
    private static final String SESSION_ID = "sessionId";
    /** RFC 8176's authentication methods references. */
    private static final String METHODS = "amr";
    /** When the session last proved who its user is (OpenID Connect Core, section 2). */
    private static final String AUTHENTICATED_AT = "auth_time";

    private AccessTokenClaims() {
    }

    static Map<String, Object> of(AccessToken token) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put(ISSUER, token.issuer());
        claims.put(SUBJECT, token.subject().value());
        claims.put(ISSUED_AT, token.issuedAt().getEpochSecond());
        if (token.notBefore().getEpochSecond() != token.issuedAt().getEpochSecond()) {
            claims.put(NOT_BEFORE, token.notBefore().getEpochSecond());
        }
        claims.put(EXPIRES_AT, token.expiresAt().getEpochSecond());
        claims.put(TOKEN_ID, token.tokenId());
        claims.put(ROLES, token.roles().stream().map(Role::name).sorted().toList());
        claims.put(NICKNAME, token.nickname());
        claims.put(DEPARTMENT, token.department());
        claims.put(USER_ID, token.userId().toString());
        claims.put(SESSION_ID, token.sessionId().toString());
        claims.put(METHODS, token.methods().values());
        claims.put(AUTHENTICATED_AT, token.authenticatedAt().getEpochSecond());
        return claims;
    }

    /**
     * The access token these claims describe.
     *
     * @throws ParseException           if a required claim is missing or not of its JSON type
     * @throws IllegalArgumentException if a claim is no valid value: a {@code userId} that is no UUID, a bad role
     * @throws java.time.DateTimeException if a date is beyond what {@link Instant} can hold
     */
    static AccessToken toAccessToken(Map<String, Object> claims) throws ParseException {
        Instant issuedAt = instant(claims, ISSUED_AT);
        return new AccessToken(
                string(claims, TOKEN_ID),
                string(claims, ISSUER),
                new Username(string(claims, SUBJECT)),
                UserId.of(string(claims, USER_ID)),
                SessionId.of(string(claims, SESSION_ID)),
                roles(claims),
                string(claims, NICKNAME),
                string(claims, DEPARTMENT),
                issuedAt,
                claims.get(NOT_BEFORE) == null ? issuedAt : instant(claims, NOT_BEFORE),
                instant(claims, EXPIRES_AT),
                // Without amr: issued before tokens carried it, when every login was by password alone.
                claims.get(METHODS) == null ? AuthenticationMethods.PASSWORD
                        : AuthenticationMethods.of(getStringList(claims, METHODS)),
                // Without auth_time: issued before tokens carried it. Such a token proves no recent authentication.
                claims.get(AUTHENTICATED_AT) == null ? Instant.EPOCH : instant(claims, AUTHENTICATED_AT));
    }

    private static String string(Map<String, Object> claims, String name) throws ParseException {
        return required(getString(claims, name), name);
    }

    /** A NumericDate: seconds since the epoch ({@code getLong} itself rejects a missing one). */
    private static Instant instant(Map<String, Object> claims, String name) throws ParseException {
        return Instant.ofEpochSecond(getLong(claims, name));
    }

    private static Set<Role> roles(Map<String, Object> claims) throws ParseException {
        return required(getStringList(claims, ROLES), ROLES).stream().map(Role::new).collect(Collectors.toSet());
    }

    private static <T> T required(T value, String name) throws ParseException {
        if (value == null) {
            throw new ParseException("missing claim " + name, 0);
        }
        return value;
    }
}

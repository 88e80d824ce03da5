package dev.authservice.adapter.out.crypto.session;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.util.JSONObjectUtils;
import dev.authservice.adapter.out.crypto.SecureRandomSource;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.security.GeneralSecurityException;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class JwtAccessTokenCodecTest {

    /** 64 bytes: long enough for Nimbus to compute HS512 too, so that only the codec stands between HS512 and us. */
    private static final String SECRET_TEXT = "nLmTBzDOISvqdOuBloGLOzntN5z+DD13ooejk3Z+p6tZqPmpSY5aO18DCzBWOMLt";
    private static final JwtSecret SECRET = JwtSecret.fromText(SECRET_TEXT);
    private static final Instant ISSUED_AT = Instant.parse("2030-01-01T12:00:00Z");
    private static final Duration TTL = Duration.ofMinutes(15);
    private static final String USER_ID = "6f1c2d0e-8a51-4b7e-9c3a-2f4d5e6a7b8c";
    private static final String SESSION_ID = "0b8e4c1a-3d2f-4e5a-8b6c-7d9e0f1a2b3c";
    private static final String TOKEN_ID = "d3b07384-d113-4ec6-a3d6-2f4c3b7a9e10";

    private final JwtAccessTokenCodec codec = new JwtAccessTokenCodec(SECRET);

    @Nested
    class Encoding {

        @Test
        void aTokenIsTheCompactJwsNimbusWouldWriteUpToTheOrderOfItsClaims() throws JOSEException, ParseException {
            JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT)
                    .keyID(SECRET.keyId()).build();
            JWSObject nimbus = new JWSObject(header, new Payload(AccessTokenClaims.of(aliceToken())));
            nimbus.sign(new MACSigner(SECRET.bytes()));
            String token = codec.encode(aliceToken());
            JWSObject ours = JWSObject.parse(token);

            assertEquals(nimbus.serialize().split("\\.")[0], token.split("\\.")[0]);
            assertEquals(nimbus.getPayload().toJSONObject(), ours.getPayload().toJSONObject());
            assertTrue(ours.verify(new MACVerifier(SECRET.bytes())));
        }

        @Test
        void theHeaderNamesTheAlgorithmTheTypeAndTheKey() {
            Map<String, Object> header = json(part(codec.encode(aliceToken()), 0));

            assertEquals(Map.of("alg", "HS256", "typ", "JWT", "kid", SECRET.keyId()), header);
        }

        @Test
        void theClaimsAreExactlyThoseOfTheContract() {
            Map<String, Object> claims = json(part(codec.encode(aliceToken()), 1));

            assertEquals(Map.ofEntries(
                    Map.entry("iss", "auth-service"),
                    Map.entry("sub", "alice"),
                    Map.entry("iat", ISSUED_AT.getEpochSecond()),
                    Map.entry("exp", ISSUED_AT.plus(TTL).getEpochSecond()),
                    Map.entry("jti", TOKEN_ID),
                    Map.entry("roles", List.of("ADMIN", "USER")),
                    Map.entry("nickname", "Alice"),
                    Map.entry("department", "Sales"),
                    Map.entry("userId", USER_ID),
                    Map.entry("sessionId", SESSION_ID),
                    Map.entry("amr", List.of("pwd")),
                    Map.entry("auth_time", ISSUED_AT.getEpochSecond())), claims);
        }

        @Test
        void nbfIsWrittenOnlyWhenItDiffersFromIat() {
            AccessToken notYetValid = withNotBefore(aliceToken(), ISSUED_AT.plusSeconds(60));

            Map<String, Object> claims = json(part(codec.encode(notYetValid), 1));

            assertEquals(ISSUED_AT.plusSeconds(60).getEpochSecond(), claims.get("nbf"));
        }
    }

    @Nested
    class RoundTrip {

        @Test
        void aTokenDecodesToWhatWasEncoded() {
            AccessToken token = aliceToken();

            assertEquals(Optional.of(token), codec.decode(codec.encode(token)));
        }

        @Test
        void instantsAreTruncatedToTheSecondAndTheLifetimeKept() {
            AccessToken precise = tokenIssuedAt(ISSUED_AT.plusMillis(999).plusNanos(1));

            AccessToken decoded = codec.decode(codec.encode(precise)).orElseThrow();

            assertEquals(tokenIssuedAt(ISSUED_AT), decoded);
            assertEquals(TTL, decoded.timeToLive());
        }

        @Test
        void nbfWhenPresentBecomesNotBefore() {
            AccessToken notYetValid = withNotBefore(aliceToken(), ISSUED_AT.plusSeconds(60));

            assertEquals(Optional.of(notYetValid), codec.decode(codec.encode(notYetValid)));
        }

        @Test
        void threadsEncodingAndDecodingAtOnceEachGetTheirOwnTokensBack() throws Exception {
            // A MAC shared between threads would mix their inputs, and tokens would come back empty or wrong.
            ExecutorService threads = Executors.newFixedThreadPool(4);
            try {
                List<Future<Integer>> roundTrips = IntStream.range(0, 4).mapToObj(thread -> threads.submit(() -> {
                    int intact = 0;
                    for (int i = 0; i < 2_000; i++) {
                        AccessToken token = tokenIssuedAt(ISSUED_AT.plusSeconds(thread * 10_000L + i));
                        intact += codec.decode(codec.encode(token)).equals(Optional.of(token)) ? 1 : 0;
                    }
                    return intact;
                })).toList();
                for (Future<Integer> roundTrip : roundTrips) {
                    assertEquals(2_000, roundTrip.get());
                }
            } finally {
                threads.shutdownNow();
            }
        }

        @Test
        void anotherInstanceWithTheSameSecretAcceptsTheToken() {
            JwtAccessTokenCodec afterRestart = new JwtAccessTokenCodec(JwtSecret.fromText(SECRET_TEXT));

            assertEquals(Optional.of(aliceToken()), afterRestart.decode(codec.encode(aliceToken())));
        }

        @Test
        void aTokenForgedByHandWithOurKeyDecodes() {
            // Proves the forging helper right, so that every rejection below is down to the one thing changed.
            assertEquals(Optional.of(aliceToken()), codec.decode(forge(ourHeader(), aliceClaims())));
        }
    }

    @Nested
    class Tampering {

        @Test
        void aChangedPayloadIsRejected() {
            String token = codec.encode(withRoles(aliceToken(), Set.of(Role.USER)));
            Map<String, Object> claims = json(part(token, 1));
            claims.put("roles", List.of("ADMIN", "USER"));

            String promoted = part(token, 0) + "." + base64url(JSONObjectUtils.toJSONString(claims)) + "."
                    + part(token, 2);

            assertEquals(Optional.empty(), codec.decode(promoted));
        }

        @Test
        void aChangedSignatureIsRejected() {
            String token = codec.encode(aliceToken());
            String signature = part(token, 2);
            // The first character carries six whole bits of the MAC; the last one also carries padding bits.
            String changed = (signature.charAt(0) == 'A' ? "B" : "A") + signature.substring(1);

            assertEquals(Optional.empty(), codec.decode(part(token, 0) + "." + part(token, 1) + "." + changed));
            assertEquals(Optional.empty(), codec.decode(part(token, 0) + "." + part(token, 1) + "."));
        }

        @Test
        void aTokenSignedWithAnotherSecretIsRejected() {
            JwtSecret otherSecret = JwtSecret.generate();
            String ownKeyId = new JwtAccessTokenCodec(otherSecret).encode(aliceToken());
            String ourKeyId = forge(ourHeader(), aliceClaims(), "HmacSHA256", otherSecret.bytes());

            assertEquals(Optional.empty(), codec.decode(ownKeyId));
            assertEquals(Optional.empty(), codec.decode(ourKeyId));
        }

        @Test
        void noSingleCharacterChangeYieldsOtherClaims() {
            String token = codec.encode(aliceToken());
            String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
            Random random = new Random(42);

            for (int i = 0; i < 5_000; i++) {
                int at = random.nextInt(token.length());
                String mutated = token.substring(0, at) + alphabet.charAt(random.nextInt(alphabet.length()))
                        + token.substring(at + 1);

                Optional<AccessToken> decoded = codec.decode(mutated);

                // A changed padding bit in the last character of the MAC still decodes to the same MAC.
                assertTrue(decoded.isEmpty() || decoded.get().equals(aliceToken()), mutated);
            }
        }
    }

    @Nested
    class TheHeader {

        @ParameterizedTest
        @ValueSource(strings = {"none", "NONE", "None", "nOnE"})
        void algNoneIsRejectedInAnyCase(String none) {
            Map<String, Object> header = Map.of("alg", none, "typ", "JWT", "kid", SECRET.keyId());
            String unsigned = base64url(JSONObjectUtils.toJSONString(header)) + "."
                    + base64url(JSONObjectUtils.toJSONString(aliceClaims())) + ".";

            assertEquals(Optional.empty(), codec.decode(unsigned));
            assertEquals(Optional.empty(), codec.decode(forge(header, aliceClaims())));
        }

        @ParameterizedTest
        @ValueSource(strings = {"HmacSHA384", "HmacSHA512"})
        void anotherHmacWithOurSecretIsRejected(String mac) {
            String alg = mac.equals("HmacSHA384") ? "HS384" : "HS512";
            Map<String, Object> header = Map.of("alg", alg, "typ", "JWT", "kid", SECRET.keyId());

            assertEquals(Optional.empty(), codec.decode(forge(header, aliceClaims(), mac, SECRET.bytes())));
        }

        @ParameterizedTest
        @ValueSource(strings = {"RS256", "ES256", "PS256", "EdDSA", "hs256", "HS256 ", "dir"})
        void anotherAlgorithmNameOverAnHs256MacIsRejected(String alg) {
            Map<String, Object> header = Map.of("alg", alg, "typ", "JWT", "kid", SECRET.keyId());

            assertEquals(Optional.empty(), codec.decode(forge(header, aliceClaims())));
        }

        @Test
        void aMissingOrForeignKeyIdIsRejected() {
            Map<String, Object> withoutKid = Map.of("alg", "HS256", "typ", "JWT");
            Map<String, Object> foreignKid = Map.of("alg", "HS256", "typ", "JWT", "kid", "another-key");

            assertEquals(Optional.empty(), codec.decode(forge(withoutKid, aliceClaims())));
            assertEquals(Optional.empty(), codec.decode(forge(foreignKid, aliceClaims())));
        }

        @Test
        void typMayBeLeftOutButNotBeSomethingElse() {
            Map<String, Object> withoutTyp = Map.of("alg", "HS256", "kid", SECRET.keyId());
            Map<String, Object> otherTyp = Map.of("alg", "HS256", "typ", "at+jwt", "kid", SECRET.keyId());

            assertEquals(Optional.of(aliceToken()), codec.decode(forge(withoutTyp, aliceClaims())));
            assertEquals(Optional.empty(), codec.decode(forge(otherTyp, aliceClaims())));
        }

        @Test
        void aCriticalExtensionWeDoNotUnderstandIsRejected() {
            Map<String, Object> header = new HashMap<>(ourHeader());
            header.put("crit", List.of("exp"));
            header.put("exp", 0);

            assertEquals(Optional.empty(), codec.decode(forge(header, aliceClaims())));
        }
    }

    @Nested
    class TheClaims {

        @Test
        void theAuthenticationMethodsOfASecondFactorLoginAreKept() {
            AccessToken token = aliceToken();
            AccessToken withTotp = new AccessToken(token.tokenId(), token.issuer(), token.subject(), token.userId(),
                    token.sessionId(), token.roles(), token.nickname(), token.department(), token.issuedAt(),
                    token.notBefore(), token.expiresAt(), AuthenticationMethods.PASSWORD_AND_TOTP, token.issuedAt());

            String encoded = codec.encode(withTotp);

            assertEquals(List.of("pwd", "otp", "mfa"), json(part(encoded, 1)).get("amr"));
            assertEquals(Optional.of(withTotp), codec.decode(encoded));
        }

        /** Issued before tokens carried amr, when every login was by password alone. */
        @Test
        void aTokenWithoutAmrWasAPasswordLogin() {
            assertEquals(Optional.of(AuthenticationMethods.PASSWORD),
                    codec.decode(forge(ourHeader(), aliceClaims())).map(AccessToken::methods));
        }

        @Test
        void whenTheSessionLastProvedWhoItsUserIsIsKeptToTheSecond() {
            AccessToken token = aliceToken();
            AccessToken reauthenticated = new AccessToken(token.tokenId(), token.issuer(), token.subject(),
                    token.userId(), token.sessionId(), token.roles(), token.nickname(), token.department(),
                    token.issuedAt(), token.notBefore(), token.expiresAt(), token.methods(),
                    ISSUED_AT.minusMillis(90_500));

            String encoded = codec.encode(reauthenticated);

            assertEquals(ISSUED_AT.minusSeconds(91).getEpochSecond(), json(part(encoded, 1)).get("auth_time"));
            assertEquals(Optional.of(ISSUED_AT.minusSeconds(91)),
                    codec.decode(encoded).map(AccessToken::authenticatedAt));
        }

        /** Issued before tokens carried auth_time: it proves no recent authentication. */
        @Test
        void aTokenWithoutAuthTimeProvesNoRecentAuthentication() {
            Map<String, Object> claims = aliceClaims();
            claims.remove("auth_time");

            assertEquals(Optional.of(Instant.EPOCH),
                    codec.decode(forge(ourHeader(), claims)).map(AccessToken::authenticatedAt));
        }

        @Test
        void aTokenWithAnAmrThisServiceDoesNotIssueIsRejected() {
            Map<String, Object> claims = aliceClaims();
            claims.put("amr", List.of("pwd", "hwk"));

            assertEquals(Optional.empty(), codec.decode(forge(ourHeader(), claims)));
        }

        @ParameterizedTest
        @ValueSource(strings = {"iss", "sub", "exp", "iat", "jti", "roles", "nickname", "department", "userId",
                "sessionId"})
        void aTokenWithoutARequiredClaimIsRejected(String claim) {
            Map<String, Object> claims = aliceClaims();
            claims.remove(claim);

            assertEquals(Optional.empty(), codec.decode(forge(ourHeader(), claims)));
        }

        static Stream<Arguments> illTypedClaims() {
            return Stream.of(
                    Arguments.of("exp", "tomorrow"),
                    Arguments.of("exp", null),
                    Arguments.of("exp", 1e300),
                    Arguments.of("iat", "2030-01-01T12:00:00Z"),
                    Arguments.of("nbf", "now"),
                    Arguments.of("iss", List.of("auth-service")),
                    Arguments.of("sub", 42),
                    Arguments.of("sub", ""),
                    Arguments.of("jti", 7),
                    Arguments.of("roles", "USER"),
                    Arguments.of("roles", List.of(1)),
                    Arguments.of("roles", List.of("user")),
                    Arguments.of("roles", Map.of("USER", true)),
                    Arguments.of("nickname", false),
                    Arguments.of("department", List.of()),
                    Arguments.of("userId", 12),
                    Arguments.of("userId", "not-a-uuid"),
                    Arguments.of("sessionId", true),
                    Arguments.of("sessionId", null),
                    Arguments.of("auth_time", "an hour ago"));
        }

        @ParameterizedTest
        @MethodSource("illTypedClaims")
        void aTokenWithAnIllTypedClaimIsRejected(String claim, Object value) {
            Map<String, Object> claims = aliceClaims();
            claims.put(claim, value);

            assertEquals(Optional.empty(), codec.decode(forge(ourHeader(), claims)));
        }

        @ParameterizedTest
        @ValueSource(strings = {"[]", "null", "42", "not json", ""})
        void aPayloadThatIsNoJsonObjectIsRejected(String payload) {
            String signingInput = base64url(JSONObjectUtils.toJSONString(ourHeader())) + "." + base64url(payload);

            assertEquals(Optional.empty(), codec.decode(sign(signingInput, "HmacSHA256", SECRET.bytes())));
        }

        @Test
        void anExpiredTokenStillDecodesBecauseTimeIsTheCallersBusiness() {
            AccessToken longExpired = tokenIssuedAt(Instant.parse("2001-01-01T00:00:00Z"));

            assertEquals(Optional.of(longExpired), codec.decode(codec.encode(longExpired)));
        }
    }

    @Nested
    class Garbage {

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "x", "x.y", "x.y.z", "a.b.c.d", "a.b.c.d.e", "..", "....", "Bearer x.y.z",
                "%%%.%%%.%%%", "e30.e30.", "e30.e30.e30", "W10.e30.", "bnVsbA.e30.", "eyJhbGciOiJIUzI1NiJ9..",
                "\u0000.\u0000.\u0000", "ü.ü.ü", "!!!.e30.", "ICAg.e30.", "e30.ICAg.", "e30..e30"})
        void isRejectedWithoutAnException(String garbage) {
            assertEquals(Optional.empty(), codec.decode(garbage));
        }

        @Test
        void aRefreshTokenIsNoAccessToken() {
            assertEquals(Optional.empty(), codec.decode(new SecureRandomSource().refreshTokenValue()));
        }

        @Test
        void aDeeplyNestedHeaderIsRejectedWithoutAnError() {
            String nested = base64url("[".repeat(100_000)) + "." + base64url("{}") + ".";

            assertEquals(Optional.empty(), codec.decode(nested));
        }
    }

    private static AccessToken aliceToken() {
        return tokenIssuedAt(ISSUED_AT);
    }

    private static AccessToken tokenIssuedAt(Instant issuedAt) {
        return new AccessToken(TOKEN_ID, "auth-service", new Username("alice"), UserId.of(USER_ID),
                SessionId.of(SESSION_ID), Set.of(Role.USER, Role.ADMIN), "Alice", "Sales", issuedAt, issuedAt,
                issuedAt.plus(TTL), AuthenticationMethods.PASSWORD, issuedAt);
    }

    private static AccessToken withNotBefore(AccessToken token, Instant notBefore) {
        return new AccessToken(token.tokenId(), token.issuer(), token.subject(), token.userId(), token.sessionId(),
                token.roles(), token.nickname(), token.department(), token.issuedAt(), notBefore, token.expiresAt(),
                AuthenticationMethods.PASSWORD, token.issuedAt());
    }

    private static AccessToken withRoles(AccessToken token, Set<Role> roles) {
        return new AccessToken(token.tokenId(), token.issuer(), token.subject(), token.userId(), token.sessionId(),
                roles, token.nickname(), token.department(), token.issuedAt(), token.notBefore(), token.expiresAt(),
                AuthenticationMethods.PASSWORD, token.issuedAt());
    }

    /** The claims of {@link #aliceToken()}, as a mutable map to break one at a time. */
    private static Map<String, Object> aliceClaims() {
        Map<String, Object> claims = new HashMap<>();
        claims.put("iss", "auth-service");
        claims.put("sub", "alice");
        claims.put("iat", ISSUED_AT.getEpochSecond());
        claims.put("exp", ISSUED_AT.plus(TTL).getEpochSecond());
        claims.put("jti", TOKEN_ID);
        claims.put("roles", List.of("USER", "ADMIN"));
        claims.put("nickname", "Alice");
        claims.put("department", "Sales");
        claims.put("userId", USER_ID);
        claims.put("sessionId", SESSION_ID);
        claims.put("auth_time", ISSUED_AT.getEpochSecond());
        return claims;
    }

    private static Map<String, Object> ourHeader() {
        return Map.of("alg", "HS256", "typ", "JWT", "kid", SECRET.keyId());
    }

    /** A token built by hand, as an attacker would, but with a valid HMAC-SHA256 of our secret. */
    private static String forge(Map<String, Object> header, Map<String, Object> claims) {
        return forge(header, claims, "HmacSHA256", SECRET.bytes());
    }

    private static String forge(Map<String, Object> header, Map<String, Object> claims, String mac, byte[] key) {
        String signingInput = base64url(JSONObjectUtils.toJSONString(header)) + "."
                + base64url(JSONObjectUtils.toJSONString(claims));
        return sign(signingInput, mac, key);
    }

    private static String sign(String signingInput, String mac, byte[] key) {
        try {
            Mac hmac = Mac.getInstance(mac);
            hmac.init(new SecretKeySpec(key, mac));
            byte[] signature = hmac.doFinal(signingInput.getBytes(US_ASCII));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static String base64url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(UTF_8));
    }

    private static String part(String token, int index) {
        return token.split("\\.", -1)[index];
    }

    private static Map<String, Object> json(String base64url) {
        try {
            return JSONObjectUtils.parse(new String(Base64.getUrlDecoder().decode(base64url), UTF_8));
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }
}

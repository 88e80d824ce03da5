package dev.authservice.adapter.out.crypto.passkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.SoftwareAuthenticator.Ceremony;
import dev.authservice.application.fixtures.SoftwareAuthenticator;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Registration;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.RelyingParty;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebAuthnPasskeyVerifierTest {

    private static final String ORIGIN = "http://localhost:8080";
    private static final RelyingParty RP = new RelyingParty("localhost", "auth-service",
            Set.of(ORIGIN, "https://app.example.test"));

    private final WebAuthnPasskeyVerifier verifier = new WebAuthnPasskeyVerifier();
    private final SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
    private final ByteString challenge = PasskeyMother.randomBytes(32);
    private final Ceremony ceremony = Ceremony.of(ORIGIN, "localhost", challenge);

    @Test
    void aBrowsersResponseVerifiesAndYieldsWhatAPasskeyKeeps() {
        String response = authenticator.register(ceremony);

        assertEquals(Optional.of(challenge), verifier.challengeOf(response));
        Registration.Verified verified = verified(verifier.verifyRegistration(response, RP, challenge));
        assertEquals(authenticator.credentialId(), verified.credentialId().value());
        assertEquals(0, verified.signCount());
        assertTrue(verified.backupEligible());
        assertTrue(verified.backedUp());
        assertEquals(List.of("hybrid", "internal"), verified.transports());
        assertEquals(new UUID(0, 0), verified.aaguid());
        assertEquals(0xa5, verified.publicKey().bytes()[0] & 0xff, "a COSE key: a CBOR map of five entries");
    }

    @Test
    void anyConfiguredOriginIsAccepted() {
        verified(verifier.verifyRegistration(authenticator.register(ceremony.withOrigin("https://app.example.test")),
                RP, challenge));
    }

    @Test
    void anotherOriginIsAWrongOrigin() {
        assertEquals(new Registration.WrongOrigin(), verifier.verifyRegistration(
                authenticator.register(ceremony.withOrigin("https://evil.example")), RP, challenge));
    }

    @Test
    void aResponseForAnotherRelyingPartyIsRefused() {
        assertRefused(authenticator.register(ceremony.withRpId("example.com")));
    }

    @Test
    void anotherChallengeIsRefused() {
        assertRefused(authenticator.register(Ceremony.of(ORIGIN, "localhost", PasskeyMother.randomBytes(32))));
    }

    @Test
    void userVerificationIsRequired() {
        assertRefused(authenticator.register(ceremony.withFlags(SoftwareAuthenticator.FLAG_UP)));
    }

    @Test
    void userPresenceIsRequired() {
        assertRefused(authenticator.register(ceremony.withFlags(SoftwareAuthenticator.FLAG_UV)));
    }

    @Test
    void backedUpWithoutBeingEligibleIsRefused() {
        assertRefused(authenticator.register(ceremony.withFlags(SoftwareAuthenticator.FLAG_UP
                | SoftwareAuthenticator.FLAG_UV | SoftwareAuthenticator.FLAG_BS)));
    }

    @Test
    void aDeviceBoundPasskeyIsNeitherEligibleNorBackedUp() {
        Registration.Verified verified = verified(verifier.verifyRegistration(authenticator.register(
                ceremony.withFlags(SoftwareAuthenticator.FLAG_UP | SoftwareAuthenticator.FLAG_UV)), RP, challenge));

        assertFalse(verified.backupEligible());
        assertFalse(verified.backedUp());
    }

    @Test
    void anAssertionsClientDataIsNoRegistration() {
        assertRefused(authenticator.register(ceremony.withType("webauthn.get")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "[]", "{}", "null", "{\"id\":\"AAAA\",\"type\":\"public-key\"}",
        "{\"id\":\"AAAA\",\"rawId\":\"AAAA\",\"type\":\"public-key\",\"response\":{\"clientDataJSON\":\"e30\","
                + "\"attestationObject\":\"oA\"}}",
        "{\"id\":\"AAAA\",\"rawId\":\"AAAA\",\"type\":\"public-key\",\"response\":{\"clientDataJSON\":\"!!\","
                + "\"attestationObject\":\"oA\"}}"})
    void somethingThatIsNoResponseHasNoChallenge(String json) {
        assertEquals(Optional.empty(), verifier.challengeOf(json));
    }

    /** toJSON() writes the credential id twice, as id and as rawId: two ids, or none, are no browser's. */
    @Test
    void aResponseWhoseIdIsNotItsRawIdIsNoResponse() {
        String response = authenticator.register(ceremony);
        String id = "\"id\":\"" + authenticator.credentialId().base64Url() + "\",";

        for (String mismatched : List.of(response.replace(id, "\"id\":\"" + PasskeyMother.randomBytes(32).base64Url()
                + "\","), response.replace(id, ""), response.replace(id, "\"id\":7,"))) {
            assertEquals(Optional.empty(), verifier.challengeOf(mismatched), mismatched);
            assertRefused(mismatched);
        }
    }

    /** Unknown ones are handed on, for the domain to leave out. */
    @Test
    void upToSixteenTransportsOfUpToThirtyTwoCharactersAreRead() {
        String transports = IntStream.range(0, 15).mapToObj(i -> "\"t" + "x".repeat(30) + i % 10 + "\"")
                .collect(Collectors.joining(",", "[\"usb\",", "]"));
        String response = withTransports(authenticator.register(ceremony), transports);

        assertEquals(Optional.of(challenge), verifier.challengeOf(response));
        assertTrue(verified(verifier.verifyRegistration(response, RP, challenge)).transports().contains("usb"));
    }

    /** More entries than WebAuthn could ever define, or an entry longer than any it does: no client's list. */
    @ParameterizedTest
    @MethodSource("absurdTransports")
    void anAbsurdListOfTransportsIsNoResponse(String transports) {
        String response = withTransports(authenticator.register(ceremony), transports);

        assertEquals(Optional.empty(), verifier.challengeOf(response));
        assertRefused(response);
    }

    static Stream<Named<String>> absurdTransports() {
        return Stream.of(Named.of("17 entries", entries(17)), Named.of("1,500 entries", entries(1_500)),
                Named.of("an entry of 33 characters", "[\"" + "u".repeat(33) + "\"]"),
                Named.of("an entry of 10,000 characters", "[\"" + "u".repeat(10_000) + "\"]"),
                Named.of("a number", "[\"usb\",7]"), Named.of("no list", "\"usb\""));
    }

    private static String entries(int count) {
        return IntStream.range(0, count).mapToObj(i -> "\"usb\"").collect(Collectors.joining(",", "[", "]"));
    }

    private static String withTransports(String response, String transports) {
        String own = "\"transports\":[\"hybrid\",\"internal\"]";
        assertTrue(response.contains(own), response);
        return response.replace(own, "\"transports\":" + transports);
    }

    private void assertRefused(String response) {
        Registration result = verifier.verifyRegistration(response, RP, challenge);
        assertEquals(new Registration.Refused(), result);
    }

    private static Registration.Verified verified(Registration result) {
        assertTrue(result instanceof Registration.Verified, result.toString());
        return (Registration.Verified) result;
    }

    @Test
    void theKeptPublicKeyIsTheCoseKeyTheAuthenticatorSent() {
        Registration.Verified first = verified(verifier.verifyRegistration(authenticator.register(ceremony), RP,
                challenge));
        Registration.Verified again = verified(verifier.verifyRegistration(authenticator.register(ceremony), RP,
                challenge));

        assertArrayEquals(first.publicKey().bytes(), again.publicKey().bytes());
    }
}

package dev.authservice.adapter.out.crypto.passkey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.SoftwareAuthenticator.Ceremony;
import dev.authservice.application.fixtures.SoftwareAuthenticator;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Assertion;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Claimed;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Registration;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Assertions of a passkey registered through the same verifier, signed by the JDK's software authenticator. */
class WebAuthnAssertionTest {

    private static final String ORIGIN = "http://localhost:8080";
    private static final RelyingParty RP = new RelyingParty("localhost", "auth-service", Set.of(ORIGIN));
    private static final ByteString HANDLE = PasskeyMother.randomBytes(32);

    private final WebAuthnPasskeyVerifier verifier = new WebAuthnPasskeyVerifier();
    private final SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
    private final ByteString challenge = PasskeyMother.randomBytes(32);
    private Passkey passkey;

    @BeforeEach
    void register() {
        ByteString registration = PasskeyMother.randomBytes(32);
        Registration.Verified verified = (Registration.Verified) verifier.verifyRegistration(
                authenticator.register(Ceremony.of(ORIGIN, "localhost", registration)), RP, registration);
        passkey = Passkey.register(verified.credentialId(), UserId.of("a11ce000-0000-4000-8000-000000000001"),
                HANDLE, new PasskeyName("Phone"), verified.publicKey(), verified.signCount(),
                verified.backupEligible(), verified.backedUp(), verified.transports(), verified.aaguid(),
                Instant.parse("2026-03-01T10:00:00Z"));
    }

    private Assertion verify(String assertion) {
        return verifier.verifyAssertion(assertion, RP, challenge, passkey);
    }

    @Test
    void anAssertionNamesItsPasskeyAndChallengeAndVerifiesWithItsFlagsAndCounter() {
        String assertion = authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", challenge),
                Optional.of(HANDLE));

        assertEquals(Optional.of(new Claimed(new CredentialId(authenticator.credentialId()), challenge)),
                verifier.claimedBy(assertion));
        assertEquals(new Assertion.Verified(new VerifiedAssertion(1, true, true, true, Optional.of(HANDLE))),
                verify(assertion));
    }

    @Test
    void theCounterAndTheBackupEligibilityAreLeftToTheDomain() {
        authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", challenge), Optional.empty());
        Passkey countedAhead = new Passkey(passkey.id(), passkey.ownerId(), HANDLE, passkey.name(),
                passkey.publicKey(), 99, false, false, passkey.transports(), passkey.aaguid(), passkey.createdAt(),
                Optional.empty());

        assertEquals(new Assertion.Verified(new VerifiedAssertion(2, true, true, true, Optional.empty())),
                verifier.verifyAssertion(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", challenge),
                        Optional.empty()), RP, challenge, countedAhead));
    }

    @Test
    void anotherKeysSignatureIsRefused() {
        assertEquals(new Assertion.Refused(), verify(authenticator.impostor().authenticate(
                Ceremony.get(ORIGIN, "localhost", challenge), Optional.of(HANDLE))));
    }

    @Test
    void anotherOriginIsAWrongOrigin() {
        assertEquals(new Assertion.WrongOrigin(), verify(authenticator.authenticate(
                Ceremony.get("https://evil.example", "localhost", challenge), Optional.of(HANDLE))));
    }

    @Test
    void anotherChallengeRelyingPartyOrTypeIsRefused() {
        assertEquals(new Assertion.Refused(), verify(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost",
                PasskeyMother.randomBytes(32)), Optional.of(HANDLE))));
        assertEquals(new Assertion.Refused(), verify(authenticator.authenticate(Ceremony.get(ORIGIN, "example.com",
                challenge), Optional.of(HANDLE))));
        assertEquals(new Assertion.Refused(), verify(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost",
                challenge).withType("webauthn.create"), Optional.of(HANDLE))));
    }

    @Test
    void userPresenceIsRequiredAndVerificationIsReported() {
        assertEquals(new Assertion.Refused(), verify(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost",
                challenge).withFlags(SoftwareAuthenticator.FLAG_UV), Optional.of(HANDLE))));
        assertEquals(new Assertion.Verified(new VerifiedAssertion(2, false, false, false, Optional.of(HANDLE))),
                verify(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", challenge)
                        .withFlags(SoftwareAuthenticator.FLAG_UP), Optional.of(HANDLE))));
    }

    @Test
    void backedUpWithoutBeingEligibleIsRefused() {
        assertEquals(new Assertion.Refused(), verify(authenticator.authenticate(Ceremony.get(ORIGIN, "localhost",
                challenge).withFlags(SoftwareAuthenticator.FLAG_UP | SoftwareAuthenticator.FLAG_BS),
                Optional.of(HANDLE))));
    }

    /** toJSON() writes the credential id twice, as id and as rawId: two ids, or none, are no browser's. */
    @Test
    void anAssertionWhoseIdIsNotItsRawIdClaimsNothingAndIsRefused() {
        String assertion = authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", challenge),
                Optional.of(HANDLE));
        String id = "\"id\":\"" + authenticator.credentialId().base64Url() + "\",";

        for (String mismatched : List.of(assertion.replace(id, "\"id\":\""
                + PasskeyMother.randomBytes(32).base64Url() + "\","), assertion.replace(id, ""))) {
            assertEquals(Optional.empty(), verifier.claimedBy(mismatched), mismatched);
            assertEquals(new Assertion.Refused(), verify(mismatched));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not json", "{}", "{\"response\": {}}", "{\"id\": \"AAAA\", \"rawId\": \"AAAA\","
        + " \"type\": \"public-key\", \"response\": {\"clientDataJSON\": \"e30\", \"authenticatorData\": \"AA\","
        + " \"signature\": \"AA\"}}"})
    void somethingThatIsNoAssertionClaimsNothing(String text) {
        assertEquals(Optional.empty(), verifier.claimedBy(text));
    }
}

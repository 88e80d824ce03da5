package dev.authservice.adapter.out.crypto.passkey;

import com.webauthn4j.WebAuthnAuthenticationManager;
import com.webauthn4j.WebAuthnRegistrationManager;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticatorTransport;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.authenticator.COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.verifier.exception.BadOriginException;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registration responses and assertions of passkeys verified by webauthn4j, in the JSON forms of WebAuthn Level 3.
 * Any attestation format is accepted without a trust chain: the service asks for "none", and trusts a passkey because
 * its signed-in owner registered it, not because of its maker. A registration needs user presence and verification;
 * an assertion presence, its other flags and its counter being the domain's to judge ({@code Passkey.use}).
 * Thread-safe.
 */
public final class WebAuthnPasskeyVerifier implements PasskeyVerifier {

    /** The algorithms offered in the creation options, and no other. */
    private static final List<PublicKeyCredentialParameters> ALGORITHMS = Passkey.ALGORITHMS.stream()
            .map(alg -> new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY,
                    COSEAlgorithmIdentifier.create(alg)))
            .toList();

    private static final Logger LOG = LoggerFactory.getLogger(WebAuthnPasskeyVerifier.class);

    /** WebAuthn defines six transports, the longest of ten characters: room for more, and longer, that it may add. */
    private static final int MAX_TRANSPORTS = 16;
    private static final int MAX_TRANSPORT_LENGTH = 32;

    private static final String NOT_ONE_CREDENTIAL = "its id is not its rawId, or its transports are out of bounds";

    /**
     * webauthn4j's converters and managers, made when a passkey is first verified: they load some 400 classes (its
     * Jackson and CBOR converters), a few MiB of metaspace that a service whose users never use a passkey keeps free.
     */
    private static final class Webauthn4j {

        static final ObjectConverter CONVERTER = new ObjectConverter();
        static final WebAuthnRegistrationManager REGISTRATIONS =
                WebAuthnRegistrationManager.createNonStrictWebAuthnRegistrationManager(CONVERTER);
        static final WebAuthnAuthenticationManager AUTHENTICATIONS = authenticationManager();

        /** The counter's rule is the domain's, which refuses and audits a clone: webauthn4j's handler lets it pass. */
        private static WebAuthnAuthenticationManager authenticationManager() {
            WebAuthnAuthenticationManager manager = new WebAuthnAuthenticationManager(List.of(), CONVERTER);
            manager.getAuthenticationDataVerifier().setMaliciousCounterValueHandler(decidedByTheDomain -> {
            });
            return manager;
        }
    }

    @Override
    public Optional<ByteString> challengeOf(String registrationResponseJson) {
        try {
            if (!isOneCredential(registrationResponseJson)) {
                return Optional.empty();
            }
            RegistrationData data = Webauthn4j.REGISTRATIONS.parse(registrationResponseJson);
            if (data.getCollectedClientData() == null || data.getCollectedClientData().getChallenge() == null
                    || data.getAttestationObject() == null) {
                return Optional.empty();
            }
            return Optional.of(ByteString.of(data.getCollectedClientData().getChallenge().getValue()));
        } catch (RuntimeException notAResponse) {
            // webauthn4j reports malformed input as its own exceptions, as Jackson's, or as a NullPointerException
            // for a missing member; parsing reads nothing but the text, so any of them means "not a response".
            return Optional.empty();
        }
    }

    @Override
    public Registration verifyRegistration(String registrationResponseJson, RelyingParty relyingParty,
                                           ByteString challenge) {
        RegistrationData data;
        try {
            if (!isOneCredential(registrationResponseJson)) {
                return refused(NOT_ONE_CREDENTIAL);
            }
            data = Webauthn4j.REGISTRATIONS.verify(registrationResponseJson, new RegistrationParameters(
                    serverProperty(relyingParty, challenge), ALGORITHMS, true, true));
        } catch (BadOriginException e) {
            return new Registration.WrongOrigin();
        } catch (RuntimeException e) {
            // As in challengeOf: verification reads nothing but its arguments, so any failure is a refusal.
            return refused(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return verified(data);
    }

    /** Which check failed is logged for the operator; the client learns only that one did. */
    private static Registration refused(String why) {
        LOG.info("passkey registration refused: {}", why);
        return new Registration.Refused();
    }

    @Override
    public Optional<Claimed> claimedBy(String assertionJson) {
        try {
            if (!isOneCredential(assertionJson)) {
                return Optional.empty();
            }
            AuthenticationData data = Webauthn4j.AUTHENTICATIONS.parse(assertionJson);
            if (data.getCollectedClientData() == null || data.getCollectedClientData().getChallenge() == null
                    || data.getCredentialId() == null || data.getAuthenticatorData() == null
                    || data.getSignature() == null) {
                return Optional.empty();
            }
            return Optional.of(new Claimed(new CredentialId(ByteString.of(data.getCredentialId())),
                    ByteString.of(data.getCollectedClientData().getChallenge().getValue())));
        } catch (RuntimeException notAnAssertion) {
            // As for a registration; a credential id out of range is no passkey's either (InvalidValueException).
            return Optional.empty();
        }
    }

    /**
     * The stored record is given without its BE flag, so that webauthn4j leaves the flag's rule to the domain, as it
     * leaves the counter's; it still refuses BS without BE.
     */
    @Override
    public Assertion verifyAssertion(String assertionJson, RelyingParty relyingParty, ByteString challenge,
                                     Passkey passkey) {
        try {
            if (!isOneCredential(assertionJson)) {
                LOG.info("passkey assertion refused: {}", NOT_ONE_CREDENTIAL);
                return new Assertion.Refused();
            }
            COSEKey key = Webauthn4j.CONVERTER.getCborConverter().readValue(passkey.publicKey().bytes(), COSEKey.class);
            CredentialRecordImpl record = new CredentialRecordImpl(new NoneAttestationStatement(), null, null,
                    passkey.backedUp(), passkey.signCount(),
                    new AttestedCredentialData(new AAGUID(passkey.aaguid()), passkey.id().value().bytes(), key),
                    null, null, null, null);
            AuthenticationData data = Webauthn4j.AUTHENTICATIONS.verify(assertionJson, new AuthenticationParameters(
                    serverProperty(relyingParty, challenge), record, null, false, true));
            AuthenticatorData<?> authenticator = data.getAuthenticatorData();
            return new Assertion.Verified(new VerifiedAssertion(authenticator.getSignCount(),
                    authenticator.isFlagUV(), authenticator.isFlagBE(), authenticator.isFlagBS(),
                    Optional.ofNullable(data.getUserHandle()).map(ByteString::of)));
        } catch (BadOriginException e) {
            return new Assertion.WrongOrigin();
        } catch (RuntimeException e) {
            LOG.info("passkey assertion refused: {}: {}", e.getClass().getSimpleName(), e.getMessage());
            return new Assertion.Refused();
        }
    }

    /**
     * What webauthn4j leaves unchecked in the JSON of a credential. {@code toJSON()} writes one credential id twice,
     * as {@code id} and as {@code rawId}, and webauthn4j reads only the second: two ids would let whatever reads the
     * first disagree about the passkey. And {@code response.transports}, which webauthn4j takes in any number and
     * length, must be a list a client could send. Throws for text that is not JSON.
     */
    private static boolean isOneCredential(String json) {
        Map<?, ?> credential = Webauthn4j.CONVERTER.getJsonConverter().readValue(json, Map.class);
        Object id = credential.get("id");
        Object transports = credential.get("response") instanceof Map<?, ?> response
                ? response.get("transports") : null;
        return id instanceof String && id.equals(credential.get("rawId"))
                && (transports == null || transports instanceof List<?> list && list.size() <= MAX_TRANSPORTS
                        && list.stream().allMatch(transport -> transport instanceof String text
                                && text.length() <= MAX_TRANSPORT_LENGTH));
    }

    private static ServerProperty serverProperty(RelyingParty relyingParty, ByteString challenge) {
        return ServerProperty.builder()
                .origins(relyingParty.origins().stream().map(Origin::new).collect(Collectors.toSet()))
                .rpId(relyingParty.id())
                .challenge(new DefaultChallenge(challenge.bytes()))
                .build();
    }

    private Registration verified(RegistrationData data) {
        AuthenticatorData<?> authenticator = data.getAttestationObject().getAuthenticatorData();
        AttestedCredentialData credential = authenticator.getAttestedCredentialData();
        try {
            return new Registration.Verified(new CredentialId(ByteString.of(credential.getCredentialId())),
                    ByteString.of(Webauthn4j.CONVERTER.getCborConverter().writeValueAsBytes(credential.getCOSEKey())),
                    authenticator.getSignCount(), authenticator.isFlagBE(), authenticator.isFlagBS(),
                    data.getTransports() == null ? List.of()
                            : data.getTransports().stream().map(AuthenticatorTransport::getValue).sorted().toList(),
                    credential.getAaguid() == null ? new UUID(0, 0) : credential.getAaguid().getValue());
        } catch (InvalidValueException credentialIdOutOfRange) {
            return refused("a credential id of " + credential.getCredentialId().length + " bytes");
        }
    }
}

package dev.authservice.adapter.in.web.passkey;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What {@code PublicKeyCredential.toJSON()} made, as text for the application, which hands it to webauthn4j: only
 * checked to be an object with a {@code response} object, the rest being the verifier's to read.
 */
public final class PublicKeyCredentialJson {

    private PublicKeyCredentialJson() {
    }

    /** @param what the ceremony's credential, for the client's message ("a new credential") */
    public static String write(JsonMapper json, JsonNode credential, String what) {
        JsonNode response = credential.isObject() ? credential.get("response") : null;
        if (response == null || !response.isObject()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT,
                    "the body is not " + what + ": PublicKeyCredential.toJSON()");
        }
        try {
            return json.writeValueAsString(credential);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

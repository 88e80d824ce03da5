package dev.authservice.adapter.out.crypto.session;

/** How the codec's signing key writes and checks the third part of a compact JWS, in unpadded base64url. */
interface JwsSignature {

    /** The signature of {@code signingInput} ({@code header.payload}). */
    String sign(String signingInput);

    /** Whether {@code signature} is this key's over {@code signingInput}; in constant time where that matters. */
    boolean verifies(String signingInput, String signature);
}

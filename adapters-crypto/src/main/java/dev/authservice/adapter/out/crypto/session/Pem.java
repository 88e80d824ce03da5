package dev.authservice.adapter.out.crypto.session;

import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The PEM text encoding of RFC 7468: one labelled block of base64 DER, such as {@code -----BEGIN PUBLIC KEY-----}. */
final class Pem {

    static final String PRIVATE_KEY = "PRIVATE KEY";
    static final String PUBLIC_KEY = "PUBLIC KEY";

    private Pem() {
    }

    /** The DER bytes of the first block labelled {@code label} in {@code text}. */
    static byte[] decode(String text, String label) {
        Matcher block = Pattern.compile("-----BEGIN " + label + "-----([A-Za-z0-9+/=\\s]*)-----END " + label + "-----")
                .matcher(text);
        if (!block.find()) {
            throw new IllegalArgumentException("has no -----BEGIN " + label + "----- block");
        }
        return Base64.getMimeDecoder().decode(block.group(1));
    }

    static String encode(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }
}

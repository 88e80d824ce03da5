package dev.authservice.application.session.port.out;

/**
 * Successors made from the refresh token they replace, with a key of the server's: under a reuse grace a repeated
 * refresh answers the very successor a rotation issued, and the store keeps only hashes, so the successor is made
 * again rather than kept. Made from the plain token, never from its stored hash: a copy of the database and the key
 * together still name no live token.
 */
public interface RefreshTokenDerivation {

    /** The successor of {@code presentedToken}: the same every time, URL-safe text of 256 bits nobody can predict. */
    String successorOf(String presentedToken);
}

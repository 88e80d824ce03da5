package dev.authservice.domain.mail;

/**
 * How much of a back-off to leave out, so that mails that failed together (the server was down for all of them) are
 * not tried again together: a fraction from 0 (none) to 1 (half the back-off, at most). Given to the domain, which
 * stays deterministic: {@link #NONE} in tests, a random one in the service.
 */
@FunctionalInterface
public interface BackOffJitter {

    BackOffJitter NONE = () -> 0;

    /** A fraction from 0 to 1; anything outside is taken as the nearest end. */
    double fraction();
}

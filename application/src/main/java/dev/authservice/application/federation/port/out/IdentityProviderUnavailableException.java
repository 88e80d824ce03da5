package dev.authservice.application.federation.port.out;

/** An identity provider did not answer in time, or not as a provider answers: nothing was decided. */
public class IdentityProviderUnavailableException extends RuntimeException {

    public IdentityProviderUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}

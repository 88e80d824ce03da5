package dev.authservice.domain.recovery;

import dev.authservice.domain.Sha256;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Objects;

/**
 * What a reset request is counted under: the identifier it named, whether or not an account has it, so that being
 * throttled tells nothing of who exists; and the client's network ({@link ClientAddress#network()}: an IPv6 client by
 * its /64). The identifier is kept as a SHA-256 only: the counts name no one.
 *
 * @param identifier the SHA-256 of the username, or of the address's comparison key, each under its own prefix
 */
public record ResetRequestKey(String identifier, String client) {

    public ResetRequestKey {
        Sha256.requireHex(identifier);
        Objects.requireNonNull(client, "client");
    }

    public static ResetRequestKey of(Username username, ClientAddress clientAddress) {
        return of(new AccountIdentifier.ByUsername(username), clientAddress);
    }

    /**
     * A user's request for the link that verifies their address again, counted per account under a prefix of its
     * own: it shares no count with resets.
     */
    public static ResetRequestKey ofVerificationMail(UserId user, ClientAddress clientAddress) {
        return new ResetRequestKey(Sha256.hex("verify-email:" + user.value()), clientAddress.network());
    }

    /** A sign-up, counted under the mailbox it names (under a prefix of its own) and the client's network. */
    public static ResetRequestKey ofSignUp(EmailAddress email, ClientAddress clientAddress) {
        return new ResetRequestKey(Sha256.hex("sign-up:" + email.comparisonKey()), clientAddress.network());
    }

    /**
     * A request for a pending account's verification link again, counted under the name or mailbox it names,
     * whether or not an account has it, under a prefix of its own.
     */
    public static ResetRequestKey ofSignUpMail(AccountIdentifier named, ClientAddress clientAddress) {
        return new ResetRequestKey(Sha256.hex("sign-up-mail:" + identifierOf(named)), clientAddress.network());
    }

    /** The mailbox, however it is written: two spellings of one address are counted together. */
    public static ResetRequestKey of(EmailAddress email, ClientAddress clientAddress) {
        return of(new AccountIdentifier.ByEmail(email), clientAddress);
    }

    /** A reset request, counted under the name or mailbox it names. */
    public static ResetRequestKey of(AccountIdentifier named, ClientAddress clientAddress) {
        return new ResetRequestKey(Sha256.hex(identifierOf(named)), clientAddress.network());
    }

    private static String identifierOf(AccountIdentifier named) {
        return named.match(username -> "username:" + username.value(), email -> "email:" + email.comparisonKey());
    }
}

package dev.authservice.application.user.service;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.mailedtoken.service.MailedTokens;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.EmailVerificationPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Mails an address a link that shows it is its user's: a {@link MailedToken.Purpose#EMAIL_VERIFICATION} token bound
 * to the address, issued by {@link MailedTokens} as a reset link's is, so that an address change rolled back leaves
 * neither token nor mail. The link carries the token in its fragment, which a browser never sends, so it reaches no
 * server's log.
 */
public final class EmailVerificationMail {

    private final MailedTokens mailedTokens;
    private final EmailVerificationPolicy policy;
    private final Supplier<String> publicUrl;

    /** @param publicUrl where users reach the browser client, without a trailing slash; asked at each mail */
    public EmailVerificationMail(MailedTokenStore tokens, MailQueue mail, Transactions transactions,
                                 RandomSource random, EmailVerificationPolicy policy, Supplier<String> publicUrl,
                                 Clock clock) {
        this.mailedTokens = new MailedTokens(tokens, mail, transactions, random, clock);
        this.policy = Objects.requireNonNull(policy);
        this.publicUrl = Objects.requireNonNull(publicUrl);
    }

    /** Mails {@code to}, the address {@code user}'s account now holds, a link that verifies it. */
    public void send(UserAccount user, EmailAddress to) {
        mailedTokens.issue(MailedToken.Purpose.EMAIL_VERIFICATION, user, TokenFingerprint.ofAddress(to),
                policy.lifetime(), to, "Confirm your email address", token -> body(user, token));
    }

    private String body(UserAccount user, String token) {
        return "Hello " + user.username().value() + ",\n\n"
                + "this address was given for your account. To confirm that it is yours, open this link within "
                + hours() + ":\n\n"
                + publicUrl.get() + "/#verify-email=" + token + "\n\n"
                + "The link works once. " + (user.isPending()
                        ? "Your new account can sign in once the address is confirmed.\n"
                        : "Until the address is confirmed, no password reset or notice is sent to it.\n")
                + "If you do not know this account, ignore this mail.\n";
    }

    private String hours() {
        long minutes = Math.max(1, policy.lifetime().toMinutes());
        return minutes % 60 == 0 ? (minutes / 60) + (minutes == 60 ? " hour" : " hours") : minutes + " minutes";
    }
}

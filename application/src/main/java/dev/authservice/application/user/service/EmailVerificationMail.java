package dev.authservice.application.user.service;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.MailedTokenStore;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.EmailVerificationPolicy;
import dev.authservice.domain.user.MailedToken;
import dev.authservice.domain.user.MailedTokenHash;
import dev.authservice.domain.user.TokenFingerprint;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Mails an address a link that shows it is its user's: stores a new {@link MailedToken.Purpose#EMAIL_VERIFICATION}
 * token bound to the address (the user's older one superseded) and queues the mail, in one transaction, the
 * caller's when it is in one: an address change rolled back leaves neither. The link carries the token in its
 * fragment, which a browser never sends, so it reaches no server's log. The same machinery as a reset link's.
 */
public final class EmailVerificationMail {

    private final MailedTokenStore tokens;
    private final MailQueue mail;
    private final Transactions transactions;
    private final RandomSource random;
    private final EmailVerificationPolicy policy;
    private final Supplier<String> publicUrl;
    private final Clock clock;

    /** @param publicUrl where users reach the browser client, without a trailing slash; asked at each mail */
    public EmailVerificationMail(MailedTokenStore tokens, MailQueue mail, Transactions transactions,
                                 RandomSource random, EmailVerificationPolicy policy, Supplier<String> publicUrl,
                                 Clock clock) {
        this.tokens = Objects.requireNonNull(tokens);
        this.mail = Objects.requireNonNull(mail);
        this.transactions = Objects.requireNonNull(transactions);
        this.random = Objects.requireNonNull(random);
        this.policy = Objects.requireNonNull(policy);
        this.publicUrl = Objects.requireNonNull(publicUrl);
        this.clock = Objects.requireNonNull(clock);
    }

    /** Mails {@code to}, the address {@code user}'s account now holds, a link that verifies it. */
    public void send(UserAccount user, EmailAddress to) {
        String token = random.refreshTokenValue();
        Instant now = clock.instant();
        MailedToken issued = MailedToken.issue(MailedTokenHash.of(token), MailedToken.Purpose.EMAIL_VERIFICATION,
                user.id(), TokenFingerprint.ofAddress(to), now, policy.lifetime());
        transactions.inTransaction(() -> {
            tokens.issue(issued);
            return mail.enqueue(to, "Confirm your email address", body(user, token));
        });
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

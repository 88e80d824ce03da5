package dev.authservice.application.mailedtoken.service;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Issues a mailed token: stores a new one (the user's older one of the same purpose superseded) and queues the mail
 * that carries it, in one transaction, the caller's when it is in one, so that neither exists without the other.
 * Only the token's hash is stored; its value leaves in the mail alone.
 */
public final class MailedTokens {

    private final MailedTokenStore tokens;
    private final MailQueue mail;
    private final Transactions transactions;
    private final RandomSource random;
    private final Clock clock;

    public MailedTokens(MailedTokenStore tokens, MailQueue mail, Transactions transactions, RandomSource random,
                        Clock clock) {
        this.tokens = Objects.requireNonNull(tokens);
        this.mail = Objects.requireNonNull(mail);
        this.transactions = Objects.requireNonNull(transactions);
        this.random = Objects.requireNonNull(random);
        this.clock = Objects.requireNonNull(clock);
    }

    /**
     * Issues {@code user} a token for {@code purpose}, good for {@code lifetime} while {@code fingerprint} holds,
     * and mails it to {@code to} under {@code subject} in the body {@code body} makes of the token's value.
     */
    public void issue(MailedToken.Purpose purpose, UserAccount user, TokenFingerprint fingerprint, Duration lifetime,
                      EmailAddress to, String subject, Function<String, String> body) {
        String token = random.refreshTokenValue();
        MailedToken issued = MailedToken.issue(MailedTokenHash.of(token), purpose, user.id(), fingerprint,
                clock.instant(), lifetime);
        transactions.inTransaction(() -> {
            tokens.issue(issued);
            return mail.enqueue(to, subject, body.apply(token));
        });
    }
}

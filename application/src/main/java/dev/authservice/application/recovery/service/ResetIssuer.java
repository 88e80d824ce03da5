package dev.authservice.application.recovery.service;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.mailedtoken.service.MailedTokens;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.recovery.AccountIdentifier;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The part of a reset request done after its answer: finds the account named, and if it is enabled and has a
 * verified address, issues it a token bound to its password and mails the link ({@link MailedTokens}). The link
 * carries the token in its fragment, which a browser never sends, so it reaches no server's log.
 */
public final class ResetIssuer {

    private final UserStore users;
    private final MailedTokens mailedTokens;
    private final ResetTokenPolicy policy;
    private final Supplier<String> publicUrl;

    /** @param publicUrl where users reach the browser client, without a trailing slash; asked at each mail */
    public ResetIssuer(UserStore users, MailedTokenStore tokens, MailQueue mail, Transactions transactions,
                       RandomSource random, ResetTokenPolicy policy, Supplier<String> publicUrl, Clock clock) {
        this.users = Objects.requireNonNull(users);
        this.mailedTokens = new MailedTokens(tokens, mail, transactions, random, clock);
        this.policy = Objects.requireNonNull(policy);
        this.publicUrl = Objects.requireNonNull(publicUrl);
    }

    /** Mails a link to the account {@code named}, if it may have one. */
    public void issueFor(AccountIdentifier named) {
        named.match(users::findByUsername, users::findByEmail).filter(UserAccount::enabled)
                .ifPresent(user -> user.email().filter(AccountEmail::verified)
                        .ifPresent(address -> issue(user, address.address())));
    }

    private void issue(UserAccount user, EmailAddress to) {
        mailedTokens.issue(MailedToken.Purpose.PASSWORD_RESET, user, TokenFingerprint.ofPassword(user.passwordHash()),
                policy.lifetime(), to, "Reset your password", token -> body(user, token));
    }

    private String body(UserAccount user, String token) {
        return "Hello " + user.username().value() + ",\n\n"
                + "someone asked to reset the password of your account. To choose a new one, open this link within "
                + minutes() + " minutes:\n\n"
                + publicUrl.get() + "/#reset-password=" + token + "\n\n"
                + "The link works once. If you did not ask, ignore this mail: your password is unchanged.\n";
    }

    private long minutes() {
        return Math.max(1, policy.lifetime().toMinutes());
    }
}

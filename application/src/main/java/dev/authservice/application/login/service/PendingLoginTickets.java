package dev.authservice.application.login.service;

import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The tickets of logins whose password was right, waiting for the second factor ({@link PendingLogin}): opened by a
 * login, found, completed and counted against by its completion. The client holds the ticket; the store only its hash.
 */
public final class PendingLoginTickets {

    private final PendingLoginStore pendingLogins;
    private final SecondFactorPolicy policy;
    private final Optional<PasskeyStore> passkeys;
    private final RandomSource random;

    /** @param passkeys empty where passkeys are off: then none is offered as a second factor, whatever is stored */
    public PendingLoginTickets(PendingLoginStore pendingLogins, SecondFactorPolicy policy,
                               Optional<PasskeyStore> passkeys, RandomSource random) {
        this.pendingLogins = pendingLogins;
        this.policy = policy;
        this.passkeys = passkeys;
        this.random = random;
    }

    /**
     * A new ticket for {@code user}, whose password was checked against {@code checked}, and the methods they may
     * complete it with: the app's codes only while {@code codesUsable}.
     */
    Opened open(UserAccount user, PasswordHash checked, boolean codesUsable, Instant now) {
        return open(user, checked, codesUsable, FirstFactor.PASSWORD, now);
    }

    /** As after a password, after {@code firstFactor}: how another way of signing in continues into the second step. */
    public Opened open(UserAccount user, PasswordHash checked, boolean codesUsable, FirstFactor firstFactor,
                       Instant now) {
        String ticket = random.refreshTokenValue();
        pendingLogins.add(PendingLogin.begin(LoginTicketHash.of(ticket), user.id(), checked, firstFactor, now,
                policy));
        boolean holdsPasskeys = passkeys.map(store -> !store.findByOwner(user.id()).isEmpty()).orElse(false);
        return new Opened(ticket, SecondFactorMethod.offeredTo(codesUsable, holdsPasskeys), policy.pendingLoginTtl());
    }

    /** What is on record for a ticket as a client presented it, whatever it is. */
    Optional<PendingLogin> onRecord(String presented) {
        return LoginTicketHash.ofPresented(presented).flatMap(pendingLogins::find);
    }

    /** Completes {@code open} by {@code method}: false when another completion or count changed it first. */
    boolean complete(PendingLogin.Open open, SecondFactorMethod method, Instant now) {
        return pendingLogins.replace(open, open.complete(method, now));
    }

    /**
     * Counts a wrong code against the ticket: read again and counted again when another presentation changed it
     * meanwhile, so that none goes uncounted; each retry follows someone else's count, so there are few. The ticket as
     * counted, or empty when it is open no longer.
     */
    Optional<PendingLogin> countWrongCode(PendingLogin.Open open, Instant now) {
        PendingLogin.Open current = open;
        while (true) {
            PendingLogin next = current.wrongCode(now, policy);
            if (pendingLogins.replace(current, next)) {
                return Optional.of(next);
            }
            Optional<PendingLogin.Open> reread = pendingLogins.find(current.ticket())
                    .filter(PendingLogin.Open.class::isInstance).map(PendingLogin.Open.class::cast);
            if (reread.isEmpty()) {
                return Optional.empty();
            }
            current = reread.get();
        }
    }

    /** @param ticket for the client only; its hash is what is stored */
    public record Opened(String ticket, List<SecondFactorMethod> methods, Duration lifetime) {
        @Override
        public String toString() {
            return "Opened[****, " + methods + ", " + lifetime + "]";
        }
    }
}

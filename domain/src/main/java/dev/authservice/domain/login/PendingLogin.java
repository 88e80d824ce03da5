package dev.authservice.domain.login;

import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A login whose password was right, for an account with a confirmed second factor: not a session yet, only a ticket
 * the client holds while its user types a code. Every state, every transition, and what presenting a ticket means:
 *
 * <pre>
 *   right password, second factor confirmed ──▶ Open (ticket to the client, its hash to the store)
 *   linked identity vouched for by a provider, second factor confirmed ──▶ Open, its first factor EXTERNAL_PROVIDER
 *
 *   present an unknown hash ──────────────────────────────▶ refused: UNKNOWN
 *   present a Completed or Exhausted one ─────────────────▶ refused: USED
 *   present an Open one at or after its expiresAt ────────▶ refused: EXPIRED
 *   present an Open one in time ─┬─ a right code ─────────▶ Completed: a session starts, once
 *                                ├─ a wrong code, under the policy's limit ──▶ Open, one more wrong code counted
 *                                └─ the last wrong code the policy allows ───▶ Exhausted
 * </pre>
 *
 * Short-lived ({@link SecondFactorPolicy#pendingLoginTtl()}, at most five minutes), single-use and bound to one user.
 * A store replaces an {@link Open} one only if it is still as read ({@code PendingLoginStore#replace}), so of two
 * presentations at the same time one completes and the other finds it used, and no wrong code goes uncounted.
 */
public sealed interface PendingLogin {

    LoginTicketHash ticket();

    UserId userId();

    /**
     * The password hash the password was checked against: a completion starts no session once the user's password
     * has changed since, as a login that raced a password change starts none.
     */
    PasswordHash checked();

    Instant createdAt();

    Instant expiresAt();

    /** What was proven before the second factor. */
    FirstFactor firstFactor();

    /** After the password: a new pending login, open for the policy's time. */
    static Open begin(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant now,
                      SecondFactorPolicy policy) {
        return begin(ticket, userId, checked, FirstFactor.PASSWORD, now, policy);
    }

    /**
     * After {@code firstFactor}: a new pending login, open for the policy's time. {@code checked} is the password hash
     * the account held then, so that a password changed meanwhile ends it, whatever the first factor was.
     */
    static Open begin(LoginTicketHash ticket, UserId userId, PasswordHash checked, FirstFactor firstFactor,
                      Instant now, SecondFactorPolicy policy) {
        return new Open(ticket, userId, checked, now, now.plus(policy.pendingLoginTtl()), 0, firstFactor);
    }

    /** What presenting {@code ticket} at {@code at} means, given what the store has on record for it. */
    static Decision present(Optional<PendingLogin> onRecord, Instant at) {
        if (onRecord.isEmpty()) {
            return new Decision.Refused(Refusal.UNKNOWN);
        }
        if (!(onRecord.get() instanceof Open open)) {
            return new Decision.Refused(Refusal.USED);
        }
        return at.isBefore(open.expiresAt()) ? new Decision.Usable(open)
                : new Decision.Refused(Refusal.EXPIRED);
    }

    /** @param wrongCodes how many wrong codes were presented with it so far */
    record Open(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt, Instant expiresAt,
                int wrongCodes, FirstFactor firstFactor) implements PendingLogin {

        public Open {
            requireCommon(ticket, userId, checked, createdAt, expiresAt, firstFactor);
            if (wrongCodes < 0) {
                throw new IllegalArgumentException("wrongCodes is not negative");
            }
        }

        /** One after a password. */
        public Open(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt, Instant expiresAt,
                    int wrongCodes) {
            this(ticket, userId, checked, createdAt, expiresAt, wrongCodes, FirstFactor.PASSWORD);
        }

        /** The second factor was proven by {@code method}: the login completes, and a session may start. */
        public Completed complete(SecondFactorMethod method, Instant at) {
            return new Completed(ticket, userId, checked, createdAt, expiresAt, method, at, firstFactor);
        }

        /** A wrong code: counted, and the last the policy allows ends the pending login. */
        public PendingLogin wrongCode(Instant at, SecondFactorPolicy policy) {
            int counted = wrongCodes + 1;
            return counted >= policy.maxWrongCodes()
                    ? new Exhausted(ticket, userId, checked, createdAt, expiresAt, at, firstFactor)
                    : new Open(ticket, userId, checked, createdAt, expiresAt, counted, firstFactor);
        }
    }

    /** Used up by a right code; presenting it again is refused. */
    record Completed(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt,
                     Instant expiresAt, SecondFactorMethod method, Instant completedAt, FirstFactor firstFactor)
            implements PendingLogin {
        public Completed {
            requireCommon(ticket, userId, checked, createdAt, expiresAt, firstFactor);
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(completedAt, "completedAt");
        }

        /** One after a password. */
        public Completed(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt,
                         Instant expiresAt, SecondFactorMethod method, Instant completedAt) {
            this(ticket, userId, checked, createdAt, expiresAt, method, completedAt, FirstFactor.PASSWORD);
        }
    }

    /** Killed by too many wrong codes; presenting it again is refused. */
    record Exhausted(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt,
                     Instant expiresAt, Instant exhaustedAt, FirstFactor firstFactor) implements PendingLogin {
        public Exhausted {
            requireCommon(ticket, userId, checked, createdAt, expiresAt, firstFactor);
            Objects.requireNonNull(exhaustedAt, "exhaustedAt");
        }

        /** One after a password. */
        public Exhausted(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt,
                         Instant expiresAt, Instant exhaustedAt) {
            this(ticket, userId, checked, createdAt, expiresAt, exhaustedAt, FirstFactor.PASSWORD);
        }
    }

    /**
     * What presenting a ticket means, before any code is looked at. {@link #match} takes one function per kind, so that
     * a new kind does not compile until every caller handles it.
     */
    sealed interface Decision {

        <T> T match(Function<Usable, T> usable, Function<Refused, T> refused);

        /** Open and in time: its code decides. */
        record Usable(Open open) implements Decision {
            @Override
            public <T> T match(Function<Usable, T> usable, Function<Refused, T> refused) {
                return usable.apply(this);
            }
        }

        record Refused(Refusal why) implements Decision {
            @Override
            public <T> T match(Function<Usable, T> usable, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    /** Why a ticket is refused; the client is told only that it is no good, and logs in again. */
    enum Refusal {
        UNKNOWN,
        /** Completed, or exhausted by wrong codes. */
        USED,
        EXPIRED
    }

    private static void requireCommon(LoginTicketHash ticket, UserId userId, PasswordHash checked, Instant createdAt,
                                      Instant expiresAt, FirstFactor firstFactor) {
        Objects.requireNonNull(firstFactor, "firstFactor");
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(checked, "checked");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (!expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a pending login expires after it begins");
        }
    }
}

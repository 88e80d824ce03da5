package dev.authservice.application.notice.service;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.notice.port.out.Accounts;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.notice.ChangedBy;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.notice.Notice;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How a use case changes how a user signs in: the write, the notice to the user and, when the change calls for it,
 * the end of their sessions, in one transaction. A change rolled back leaves no mail; one committed, its mail.
 *
 * <p>The notice goes to the address the account held before the write, so a changed or removed address is told
 * at the mailbox that lost the account's mail; and only when that address is verified, since a mailbox not shown
 * to be the user's may be anyone's.
 */
public final class CredentialChanges {

    private final Transactions transactions;
    private final Accounts accounts;
    private final SessionStore sessions;
    private final MailQueue mail;

    public CredentialChanges(Transactions transactions, Accounts accounts, SessionStore sessions, MailQueue mail) {
        this.transactions = Objects.requireNonNull(transactions);
        this.accounts = Objects.requireNonNull(accounts);
        this.sessions = Objects.requireNonNull(sessions);
        this.mail = Objects.requireNonNull(mail);
    }

    /** Runs {@code write}, which says whether it made the change, and tells the user when it did. */
    public boolean make(Change change, BooleanSupplier write) {
        return make(change, write::getAsBoolean, Boolean::booleanValue);
    }

    /** Runs {@code write}, and tells the user when {@code madeIt} says its outcome is the change made. */
    public <T> T make(Change change, Supplier<T> write, Predicate<T> madeIt) {
        return transactions.inTransaction(() -> {
            Optional<UserAccount> before = accounts.findById(change.userId());
            T outcome = write.get();
            if (madeIt.test(outcome)) {
                tell(before, change);
            }
            return outcome;
        });
    }

    /**
     * As {@link #make}, then ends every session of the user but {@code keep}: how many were live, or empty when
     * the change was not made.
     */
    public OptionalInt makeEndingSessions(Change change, Optional<SessionId> keep, RevocationReason reason,
                                          BooleanSupplier write) {
        return transactions.inTransaction(() -> make(change, write)
                ? OptionalInt.of(sessions.revokeAllOf(change.userId(), keep, reason, change.at()))
                : OptionalInt.empty());
    }

    private void tell(Optional<UserAccount> before, Change change) {
        before.filter(change.what()::isNewsTo).ifPresent(user -> user.email().filter(AccountEmail::verified)
                .ifPresent(email -> {
                    Notice notice = new Notice(change.what(), change.by(), user.username(), change.at(),
                            change.requester().clientAddress());
                    mail.enqueue(email.address(), notice.subject(), notice.body());
                }));
    }

    /** A change to {@code userId}'s account, made by {@code by} at {@code at} through {@code requester}. */
    public record Change(UserId userId, CredentialChange what, ChangedBy by, Requester requester, Instant at) {

        public Change {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(at, "at");
        }

        public static Change byTheUser(UserId userId, CredentialChange what, Requester requester, Instant at) {
            return new Change(userId, what, ChangedBy.USER, requester, at);
        }

        public static Change byAnAdministrator(UserId userId, CredentialChange what, Requester requester,
                                               Instant at) {
            return new Change(userId, what, ChangedBy.ADMINISTRATOR, requester, at);
        }
    }
}

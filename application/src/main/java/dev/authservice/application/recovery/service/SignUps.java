package dev.authservice.application.recovery.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.recovery.port.in.SignUpUseCase;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.recovery.AccountIdentifier;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The part of sign-up done after its answer, and of a request for a pending account's link again. A free name and
 * address make a pending account, mailed a verification link; an address an account holds is told someone tried to
 * sign up with it; a free address with a taken name is told the name is taken. Nothing is said to the requester.
 */
public final class SignUps {

    static final String ADDRESS_TAKEN_SUBJECT = "Someone tried to sign up with your address";
    static final String USERNAME_TAKEN_SUBJECT = "That username is taken";

    private final UserStore users;
    private final PasswordHasher hasher;
    private final RandomSource random;
    private final EmailVerificationMail verification;
    private final MailQueue mail;
    private final AuditLog audit;
    private final Supplier<String> publicUrl;

    /** @param publicUrl where users reach the browser client, without a trailing slash; asked at each mail */
    public SignUps(UserStore users, PasswordHasher hasher, RandomSource random, EmailVerificationMail verification,
                   MailQueue mail, AuditLog audit, Supplier<String> publicUrl) {
        this.users = Objects.requireNonNull(users);
        this.hasher = Objects.requireNonNull(hasher);
        this.random = Objects.requireNonNull(random);
        this.verification = Objects.requireNonNull(verification);
        this.mail = Objects.requireNonNull(mail);
        this.audit = Objects.requireNonNull(audit);
        this.publicUrl = Objects.requireNonNull(publicUrl);
    }

    /** Makes the pending account {@code command} asks for at {@code at}, or tells its address why not. */
    public void signUp(SignUpUseCase.Command command, Instant at) {
        SecurityEvent refused = SecurityEvent.of(SecurityEventType.SIGN_UP_REFUSED, at, command.requester());
        Optional<UserAccount> holder = users.findByEmail(command.email());
        if (holder.isPresent()) {
            addressTaken(command.email(), holder.get().id(), refused);
            return;
        }
        UserAccount user = UserAccount.signedUp(new UserId(random.uuid()), command.username(),
                hasher.hash(command.password()), command.email(), at);
        if (!users.add(user)) {
            // The store refused it for the mailbox or the name, whichever is held now.
            Optional<UserAccount> now = users.findByEmail(command.email());
            if (now.isPresent()) {
                addressTaken(command.email(), now.get().id(), refused);
            } else {
                usernameTaken(command.email(), command.username());
                audit.record(refused.outcome(AuditOutcome.USERNAME_TAKEN));
            }
            return;
        }
        verification.send(user, command.email());
        audit.record(SecurityEvent.of(SecurityEventType.USER_SIGNED_UP, at, command.requester()).about(user.id()));
    }

    /** Mails a new verification link to the account {@code named}, if it is pending. */
    public void mailAgain(AccountIdentifier named) {
        named.match(users::findByUsername, users::findByEmail)
                .filter(UserAccount::isPending).filter(UserAccount::enabled)
                .ifPresent(user -> verification.send(user, user.email().orElseThrow().address()));
    }

    private void addressTaken(EmailAddress to, UserId holder, SecurityEvent refused) {
        mail.enqueue(to, ADDRESS_TAKEN_SUBJECT, "Hello,\n\n"
                + "someone asked to make a new account with this email address. An account here has it already, so "
                + "no new account was made.\n\n"
                + "If it was you: sign in at " + publicUrl.get() + "/ with your account, or choose \"Forgot your "
                + "password?\" there to reset your password.\n"
                + "If it was not you, ignore this mail: nothing changed.\n");
        audit.record(refused.about(holder).outcome(AuditOutcome.EMAIL_TAKEN));
    }

    private void usernameTaken(EmailAddress to, Username username) {
        mail.enqueue(to, USERNAME_TAKEN_SUBJECT, "Hello,\n\n"
                + "someone asked to make an account named " + username.value() + " with this email address, but "
                + "that name is taken. No account was made.\n\n"
                + "If it was you: sign up again at " + publicUrl.get() + "/ with another name.\n"
                + "If it was not you, ignore this mail: nothing changed.\n");
    }
}

package dev.authservice.domain.user;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import dev.authservice.domain.mail.EmailAddress;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Someone who can log in. The nickname and department are the public profile claims the access token carries;
 * the password hash never leaves the service, and the email address is not in any token. An account made by sign-up
 * is pending ({@code pendingSince}) until its address is verified: it cannot log in, and is removed if it stays so.
 */
public record UserAccount(
        UserId id,
        Username username,
        PasswordHash passwordHash,
        Set<Role> roles,
        String nickname,
        String department,
        Instant createdAt,
        boolean enabled,
        Optional<AccountEmail> email,
        Optional<Instant> pendingSince) {

    /** What a list of users can be sorted by. */
    public enum SortKey { USERNAME, CREATED_AT }

    public static final int MAX_PROFILE_TEXT_LENGTH = 100;

    /** The roles' names together, a comma between two: what every store keeps them in. */
    public static final int MAX_ROLES_LENGTH = 255;

    public UserAccount {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(passwordHash, "passwordHash");
        roles = checkedRoles(roles);
        Require.text("nickname", nickname, MAX_PROFILE_TEXT_LENGTH);
        Require.text("department", department, MAX_PROFILE_TEXT_LENGTH);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(pendingSince, "pendingSince");
        if (pendingSince.isPresent() && email.filter(AccountEmail::verified).isPresent()) {
            throw new IllegalArgumentException("a pending account awaits the verification of its address");
        }
    }

    /** An account that is not pending: made by an administrator, or by sign-up and then verified. */
    public UserAccount(UserId id, Username username, PasswordHash passwordHash, Set<Role> roles, String nickname,
                       String department, Instant createdAt, boolean enabled, Optional<AccountEmail> email) {
        this(id, username, passwordHash, roles, nickname, department, createdAt, enabled, email, Optional.empty());
    }

    /**
     * A new account made by sign-up at {@code now}: enabled, its address unverified, pending until it is verified.
     */
    public static UserAccount signedUp(UserId id, Username username, PasswordHash passwordHash, EmailAddress email,
                                       Instant now) {
        return new UserAccount(id, username, passwordHash, Set.of(Role.USER), username.value(), "Signed up", now, true,
                Optional.of(new AccountEmail(email, false)), Optional.of(now));
    }

    /**
     * A new account made at {@code now} by a first sign-in through an identity provider: enabled, no password, the
     * provider's name for its user as nickname where it makes one (else the username), and the address the provider
     * verified, if any, verified.
     */
    public static UserAccount signedUpThrough(UserId id, Username username, Optional<String> name,
                                              Optional<EmailAddress> verifiedEmail, Instant now) {
        String nickname = name.map(String::strip).filter(UserAccount::isProfileText).orElse(username.value());
        return new UserAccount(id, username, PasswordHash.NONE, Set.of(Role.USER), nickname, "Signed up", now, true,
                verifiedEmail.map(address -> new AccountEmail(address, true)), Optional.empty());
    }

    private static boolean isProfileText(String text) {
        try {
            Require.withoutBidiControls("nickname", Require.text("nickname", text, MAX_PROFILE_TEXT_LENGTH));
            return true;
        } catch (InvalidValueException e) {
            return false;
        }
    }

    /** Made by sign-up, its address not verified yet: no login until it is. */
    public boolean isPending() {
        return pendingSince.isPresent();
    }

    /** An account without an email address. */
    public UserAccount(UserId id, Username username, PasswordHash passwordHash, Set<Role> roles, String nickname,
                       String department, Instant createdAt, boolean enabled) {
        this(id, username, passwordHash, roles, nickname, department, createdAt, enabled, Optional.empty(),
                Optional.empty());
    }

    /** An unmodifiable copy of {@code roles}, refused if their names and commas exceed {@link #MAX_ROLES_LENGTH}. */
    public static Set<Role> checkedRoles(Collection<Role> roles) {
        Set<Role> copy = Set.copyOf(roles);
        int length = copy.stream().mapToInt(role -> role.name().length() + 1).sum() - 1;
        if (length > MAX_ROLES_LENGTH) {
            throw new InvalidValueException("roles", "roles must be at most " + MAX_ROLES_LENGTH
                    + " characters together, with a comma between two");
        }
        return copy;
    }

    public boolean hasRole(Role role) {
        return roles.contains(role);
    }

    public UserAccount withPasswordHash(PasswordHash newHash) {
        return new UserAccount(id, username, newHash, roles, nickname, department, createdAt, enabled, email,
                pendingSince);
    }

    public UserAccount withEnabled(boolean nowEnabled) {
        return new UserAccount(id, username, passwordHash, roles, nickname, department, createdAt, nowEnabled, email,
                pendingSince);
    }

    public UserAccount withEmail(Optional<AccountEmail> newEmail) {
        return new UserAccount(id, username, passwordHash, roles, nickname, department, createdAt, enabled, newEmail,
                pendingSince.filter(pending -> newEmail.filter(AccountEmail::verified).isEmpty()));
    }
}

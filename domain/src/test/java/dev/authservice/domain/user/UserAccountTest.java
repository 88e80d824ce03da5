package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.mail.EmailAddress;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UserAccountTest {

    private static final UserId ID = UserId.of("b0b00000-0000-4000-8000-000000000002");
    private static final PasswordHash HASH = new PasswordHash("$argon2id$bob");
    private static final Instant CREATED = Instant.parse("2024-01-01T00:00:00Z");

    @Test
    void anAccountHasExactlyTheRolesItWasGiven() {
        UserAccount bob = account(Set.of(Role.USER, Role.ADMIN), "Bob", "Engineering");

        assertTrue(bob.hasRole(Role.ADMIN));
        assertTrue(bob.hasRole(Role.USER));
        assertFalse(account(Set.of(Role.USER), "Bob", "Engineering").hasRole(Role.ADMIN));
    }

    @Test
    void theRolesAreAnImmutableCopy() {
        Set<Role> roles = new HashSet<>(Set.of(Role.USER));
        UserAccount bob = account(roles, "Bob", "Engineering");

        roles.add(Role.ADMIN);

        assertFalse(bob.hasRole(Role.ADMIN));
        assertThrows(UnsupportedOperationException.class, () -> bob.roles().add(Role.ADMIN));
    }

    @Test
    void aBlankOrOverlongNicknameIsRefusedNamingTheNickname() {
        assertEquals("nickname", assertThrows(InvalidValueException.class,
                () -> account(Set.of(), " ", "Engineering")).field());
        assertEquals("nickname", assertThrows(InvalidValueException.class,
                () -> account(Set.of(), "B".repeat(UserAccount.MAX_PROFILE_TEXT_LENGTH + 1), "Engineering")).field());
    }

    @Test
    void rolesUpToTheirLengthTogetherAreKeptAndOneCharacterMoreIsRefused() {
        Set<Role> longest = rolesOfLength(24);
        Set<Role> tooLong = rolesOfLength(25);

        assertEquals(UserAccount.MAX_ROLES_LENGTH,
                String.join(",", longest.stream().map(Role::name).toList()).length());
        assertEquals(longest, account(longest, "Bob", "Engineering").roles());
        assertEquals("roles", assertThrows(InvalidValueException.class,
                () -> account(tooLong, "Bob", "Engineering")).field());
    }

    /** Seven roles of 32 characters and one of {@code lastLength}, so 231 + lastLength with their commas. */
    private static Set<Role> rolesOfLength(int lastLength) {
        Set<Role> roles = new HashSet<>();
        for (int i = 0; i < 7; i++) {
            roles.add(new Role("R" + i + "_".repeat(30)));
        }
        roles.add(new Role("R7" + "_".repeat(lastLength - 2)));
        return roles;
    }

    @Test
    void aDepartmentWithControlCharactersIsRefusedNamingTheDepartment() {
        assertEquals("department", assertThrows(InvalidValueException.class,
                () -> account(Set.of(), "Bob", "Engineering\n")).field());
    }

    @Test
    void profileTextsOfTheMaximumLengthAreAccepted() {
        String longest = "x".repeat(UserAccount.MAX_PROFILE_TEXT_LENGTH);

        UserAccount bob = account(Set.of(), longest, longest);

        assertEquals(longest, bob.nickname());
        assertEquals(longest, bob.department());
    }

    @Test
    void aNewPasswordHashChangesTheHashAndNothingElse() {
        UserAccount bob = account(Set.of(Role.USER, Role.ADMIN), "Bob", "Engineering");
        PasswordHash newHash = new PasswordHash("$argon2id$new");

        UserAccount rehashed = bob.withPasswordHash(newHash);

        assertEquals(newHash, rehashed.passwordHash());
        assertEquals(new UserAccount(bob.id(), bob.username(), newHash, bob.roles(), bob.nickname(),
                bob.department(), bob.createdAt(), bob.enabled()), rehashed);
        assertEquals(HASH, bob.passwordHash(), "the original account is left as it was");
    }

    @Test
    void aNewPasswordHashKeepsADisabledAccountDisabled() {
        UserAccount disabled = account(Set.of(Role.USER), "Bob", "Engineering").withEnabled(false);

        assertFalse(disabled.withPasswordHash(new PasswordHash("$argon2id$new")).enabled());
    }

    @Test
    void aNewPasswordHashIsRequired() {
        UserAccount bob = account(Set.of(Role.USER), "Bob", "Engineering");

        assertThrows(NullPointerException.class, () -> bob.withPasswordHash(null));
    }

    @Test
    void disablingChangesTheEnabledFlagAndNothingElse() {
        UserAccount bob = account(Set.of(Role.USER, Role.ADMIN), "Bob", "Engineering");

        UserAccount disabled = bob.withEnabled(false);

        assertEquals(new UserAccount(ID, new Username("bob"), HASH, Set.of(Role.USER, Role.ADMIN), "Bob",
                "Engineering", CREATED, false), disabled);
        assertTrue(bob.enabled(), "the original account is left as it was");
    }

    @Test
    void enablingADisabledAccountChangesTheEnabledFlagAndNothingElse() {
        UserAccount bob = account(Set.of(Role.USER), "Bob", "Engineering");

        assertEquals(bob, bob.withEnabled(false).withEnabled(true));
        assertEquals(bob, bob.withEnabled(true));
    }

    @Test
    void anAccountMadeWithoutAnEmailAddressHasNone() {
        assertEquals(Optional.empty(), account(Set.of(Role.USER), "Bob", "Engineering").email());
    }

    @Test
    void anEmailAddressChangesTheAddressAndNothingElseAndOtherChangesKeepIt() {
        UserAccount bob = account(Set.of(Role.USER), "Bob", "Engineering");
        Optional<AccountEmail> email = Optional.of(new AccountEmail(new EmailAddress("bob@example.com"), true));

        UserAccount withEmail = bob.withEmail(email);

        assertEquals(new UserAccount(ID, new Username("bob"), HASH, Set.of(Role.USER), "Bob", "Engineering", CREATED,
                true, email), withEmail);
        assertEquals(email, withEmail.withEnabled(false).withPasswordHash(new PasswordHash("$argon2id$new")).email());
        assertEquals(bob, withEmail.withEmail(Optional.empty()));
    }

    private static UserAccount account(Set<Role> roles, String nickname, String department) {
        return new UserAccount(ID, new Username("bob"), HASH, roles, nickname, department, CREATED, true);
    }

    @Test
    void anAccountMadeBySignUpIsPendingUntilItsAddressIsVerified() {
        Instant now = Instant.parse("2026-01-01T10:00:00Z");
        UserAccount carol = UserAccount.signedUp(ID, new Username("carol"), HASH, new EmailAddress("carol@example.com"),
                now);

        assertTrue(carol.isPending());
        assertEquals(Optional.of(now), carol.pendingSince());
        assertEquals(Set.of(Role.USER), carol.roles());
        assertTrue(carol.enabled());
        assertFalse(carol.email().orElseThrow().verified());
        assertTrue(carol.withPasswordHash(HASH).isPending());
        assertFalse(carol.withEmail(Optional.of(new AccountEmail(new EmailAddress("carol@example.com"), true)))
                .isPending(), "verified: pending no more");
        assertThrows(IllegalArgumentException.class, () -> new UserAccount(ID, new Username("carol"), HASH,
                Set.of(Role.USER), "carol", "Signed up", now, true,
                Optional.of(new AccountEmail(new EmailAddress("carol@example.com"), true)), Optional.of(now)));
    }

    @Test
    void anAccountThroughAProviderHasNoPasswordIsNotPendingAndTakesOnlyAVerifiedAddress() {
        Instant now = Instant.parse("2026-03-01T10:00:00Z");
        UserAccount made = UserAccount.signedUpThrough(UserId.of("c0c00000-0000-4000-8000-000000000003"),
                new Username("carol"), Optional.of("  Carol Example "),
                Optional.of(new EmailAddress("carol@example.com")), now);

        assertFalse(made.passwordHash().isSet());
        assertEquals(PasswordHash.NONE, made.passwordHash());
        assertEquals("Carol Example", made.nickname());
        assertEquals(Optional.of(new AccountEmail(new EmailAddress("carol@example.com"), true)), made.email());
        assertFalse(made.isPending());
        assertTrue(made.enabled());
        assertEquals(Set.of(Role.USER), made.roles());
        assertEquals(now, made.createdAt());
    }

    /** A provider's name for its user that no profile takes is replaced by the username, not refused. */
    @Test
    void aNameThatIsNoNicknameGivesWayToTheUsername() {
        for (String name : new String[] {"", " ", "x".repeat(UserAccount.MAX_PROFILE_TEXT_LENGTH + 1), "a\u0000b",
                "abc\u202Edef"}) {
            UserAccount made = UserAccount.signedUpThrough(UserId.of("c0c00000-0000-4000-8000-000000000003"),
                    new Username("carol"), Optional.of(name), Optional.empty(), Instant.EPOCH);
            assertEquals("carol", made.nickname(), name);
        }
    }

    @Test
    void noHasherWritesTheHashOfNoPasswordAndItShowsNothing() {
        assertTrue(new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA").isSet());
        assertFalse(PasswordHash.NONE.isSet());
        assertEquals("PasswordHash[none]", PasswordHash.NONE.toString());
    }
}

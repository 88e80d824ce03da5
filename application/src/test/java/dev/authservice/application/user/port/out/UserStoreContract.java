package dev.authservice.application.user.port.out;

import static dev.authservice.application.fixtures.UserAccountMother.SOME_PASSWORD_HASH;
import static dev.authservice.application.fixtures.UserAccountMother.aUser;
import static dev.authservice.application.fixtures.UserAccountMother.alice;
import static dev.authservice.application.fixtures.UserAccountMother.bob;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.LookAlikeSkeletons;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every {@link UserStore} promises. An implementation's test extends this class and hands out an empty store,
 * which finds look-alike names with {@link LookAlikeSkeletons}. Usernames here are lower case, so that the order they
 * sort in does not depend on a database's collation.
 */
public abstract class UserStoreContract {

    private static final int RACERS = 8;
    /** Another Argon2id-shaped hash than the fixtures' one. */
    private static final PasswordHash OTHER_PASSWORD_HASH =
            new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$b3RoZXJzYWx0b3RoZXJzYWx0$b3RoZXJoYXNob3RoZXJoYXNo");
    /** And a third. */
    private static final PasswordHash THIRD_PASSWORD_HASH =
            new PasswordHash("$argon2id$v=19$m=65536,t=3,p=4$dGhpcmRzYWx0dGhpcmRzYWx0$dGhpcmRoYXNodGhpcmRoYXNo");

    private UserStore store;

    /** A store without any user; called before each test. */
    protected abstract UserStore emptyUserStore();

    @BeforeEach
    void startEmpty() {
        store = emptyUserStore();
    }

    @Test
    void aUserAddedIsFoundByUsernameAndById() {
        store.add(alice());
        store.add(bob());

        assertEquals(Optional.of(alice()), store.findByUsername(new Username("alice")));
        assertEquals(Optional.of(bob()), store.findById(bob().id()));
    }

    @Test
    void everyFieldIsKeptAsGiven() {
        UserAccount disabledWithoutRoles = aUser().withRoles().disabled().withProfile("Dee", "Legal").build();
        UserAccount withThreeRoles = aUser().withRoles(Role.USER, Role.ADMIN, new Role("AUDITOR_2")).build();
        store.add(disabledWithoutRoles);
        store.add(withThreeRoles);

        assertEquals(Optional.of(disabledWithoutRoles), store.findById(disabledWithoutRoles.id()));
        assertEquals(Optional.of(withThreeRoles), store.findById(withThreeRoles.id()));
    }

    @Test
    void unknownUsernamesAndIdsAreNotFound() {
        store.add(alice());

        assertEquals(Optional.empty(), store.findByUsername(new Username("mallory")));
        assertEquals(Optional.empty(), store.findById(new UserId(UUID.randomUUID())));
    }

    @Test
    void aUserIsFoundUnderAnyFormOfTheirNameAndNoOther() {
        store.add(alice());

        assertEquals(alice().id(), store.findByUsername(new Username("ALICE")).orElseThrow().id());
        assertEquals(Optional.empty(), store.findByUsername(new Username("alice2")));
    }

    @Test
    void addingAUserReportsItWasAdded() {
        assertTrue(store.add(alice()));
    }

    @Test
    void aTakenUsernameIsRefusedAndTheFirstUserKept() {
        store.add(alice());
        UserAccount impostor = aUser().named("alice").withRoles(Role.ADMIN).build();

        assertFalse(store.add(impostor));

        assertEquals(Optional.of(alice()), store.findByUsername(new Username("alice")));
        assertEquals(Optional.empty(), store.findById(impostor.id()));
        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN), "nothing of the impostor is stored");
    }

    @Test
    void addingTheSameUserTwiceIsRefusedTheSecondTime() {
        assertTrue(store.add(alice()));

        assertFalse(store.add(alice()));

        assertEquals(Optional.of(alice()), store.findById(alice().id()));
    }

    /** Every add on a thread of its own, so on a connection of its own: the store, not the caller, must decide. */
    @Test
    void ofManyConcurrentAddsOfOneUsernameExactlyOneWins() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            String username = "racer" + round;
            List<UserAccount> racers = IntStream.range(0, RACERS)
                    .mapToObj(i -> aUser().named(username).withProfile("Racer " + i, "Track").build())
                    .toList();

            List<Boolean> results = AtTheSameTime.run(racers.stream()
                    .<Callable<Boolean>>map(user -> () -> store.add(user))
                    .toList());

            assertEquals(1, results.stream().filter(added -> added).count(), "winners among " + results);
            UserAccount winner = racers.get(results.indexOf(true));
            assertEquals(Optional.of(winner), store.findByUsername(new Username(username)));
            for (UserAccount racer : racers) {
                assertEquals(racer == winner ? Optional.of(winner) : Optional.empty(), store.findById(racer.id()));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0251lice", "al\u0131ce", "al\u0269ce", "a\u01C0ice"}) // alpha, dotless i, iota, click
    void aNameThatLooksLikeATakenOneIsRefusedAndNothingOfItStored(String lookAlike) {
        store.add(alice());
        UserAccount impostor = aUser().named(lookAlike).withRoles(Role.ADMIN).build();

        assertFalse(store.add(impostor));

        assertEquals(Optional.empty(), store.findById(impostor.id()));
        assertEquals(Optional.empty(), store.findByUsername(new Username(lookAlike)), "no login under the look-alike");
        assertEquals(Optional.of(alice()), store.findByUsername(new Username("alice")));
        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN), "nothing of the impostor is stored");
    }

    @Test
    void aNameIsRefusedBesideALookAlikeAddedBeforeIt() {
        store.add(aUser().named("\u0251lice").build());

        assertFalse(store.add(alice()));

        assertEquals(Optional.empty(), store.findById(alice().id()));
    }

    /** As {@link #ofManyConcurrentAddsOfOneUsernameExactlyOneWins}, with names that differ but look alike. */
    @Test
    void ofManyConcurrentAddsOfNamesThatLookAlikeExactlyOneWins() throws Exception {
        List<String> lookAlikes = List.of("alice", "\u0251lice", "al\u0131ce", "al\u0269ce", "a\u01C0ice",
                "\u0251l\u0131ce", "\u0251\u01C0\u0269ce", "a\u01C0\u0131ce");
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            String suffix = "-" + round;
            List<UserAccount> racers = lookAlikes.stream()
                    .map(name -> aUser().named(name + suffix).withProfile(name, "Track").build())
                    .toList();

            List<Boolean> results = AtTheSameTime.run(racers.stream()
                    .<Callable<Boolean>>map(user -> () -> store.add(user))
                    .toList());

            assertEquals(1, results.stream().filter(added -> added).count(), "winners among " + results);
            UserAccount winner = racers.get(results.indexOf(true));
            for (UserAccount racer : racers) {
                Optional<UserAccount> expected = racer == winner ? Optional.of(winner) : Optional.empty();
                assertEquals(expected, store.findById(racer.id()));
                assertEquals(expected, store.findByUsername(racer.username()));
            }
        }
    }

    @Test
    void aPasswordHashIsReplacedWhileTheExpectedOneIsStored() {
        store.add(dee());

        assertTrue(store.replacePasswordHash(dee().id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH));

        assertEquals(Optional.of(dee().withPasswordHash(OTHER_PASSWORD_HASH)), store.findById(dee().id()));
        assertEquals(Optional.of(dee().withPasswordHash(OTHER_PASSWORD_HASH)), store.findByUsername(dee().username()));
    }

    @Test
    void aPasswordHashIsReplacedOnADisabledUserAsWell() {
        UserAccount disabled = aUser().disabled().build();
        store.add(disabled);

        assertTrue(store.replacePasswordHash(disabled.id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH));

        assertEquals(Optional.of(disabled.withPasswordHash(OTHER_PASSWORD_HASH)), store.findById(disabled.id()));
    }

    /** Every fixture has the same hash: only the id may pick the row. */
    @Test
    void replacingAPasswordHashChangesNoOtherUserEvenOneWithTheSameHash() {
        store.add(alice());
        store.add(bob());

        store.replacePasswordHash(alice().id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH);

        assertEquals(Optional.of(bob()), store.findById(bob().id()));
    }

    /** A rehash at login that lost to a password change: it must not bring the old password back. */
    @Test
    void aReplacementExpectingAHashReplacedSinceChangesNothing() {
        store.add(dee());
        store.replacePasswordHash(dee().id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH);

        assertFalse(store.replacePasswordHash(dee().id(), SOME_PASSWORD_HASH, THIRD_PASSWORD_HASH));

        assertEquals(Optional.of(dee().withPasswordHash(OTHER_PASSWORD_HASH)), store.findById(dee().id()));
    }

    @Test
    void aReplacementExpectingAHashNeverStoredChangesNothing() {
        store.add(dee());

        assertFalse(store.replacePasswordHash(dee().id(), OTHER_PASSWORD_HASH, THIRD_PASSWORD_HASH));

        assertEquals(Optional.of(dee()), store.findById(dee().id()));
    }

    @Test
    void replacingThePasswordHashOfAnUnknownUserIsFalseAndAddsNobody() {
        store.add(alice());
        UserAccount stranger = aUser().build();

        assertFalse(store.replacePasswordHash(stranger.id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH));

        assertEquals(Optional.empty(), store.findById(stranger.id()));
        assertEquals(Optional.of(alice()), store.findById(alice().id()));
        assertEquals(1, firstPageSortedBy(UserAccount.SortKey.USERNAME, Sort.Direction.ASC).totalElements());
    }

    /** Each replacement on a thread, so on a connection, of its own: the store, not the caller, must decide. */
    @Test
    void ofManyConcurrentReplacementsExpectingTheSameHashExactlyOneWins() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            UserAccount user = aUser().build();
            store.add(user);
            List<PasswordHash> replacements = IntStream.range(0, RACERS)
                    .mapToObj(i -> new PasswordHash(OTHER_PASSWORD_HASH.encoded() + "-" + i))
                    .toList();

            List<Boolean> results = AtTheSameTime.run(replacements.stream()
                    .<Callable<Boolean>>map(hash -> () -> store.replacePasswordHash(user.id(), SOME_PASSWORD_HASH,
                            hash))
                    .toList());

            assertEquals(1, results.stream().filter(replaced -> replaced).count(), "winners among " + results);
            PasswordHash winner = replacements.get(results.indexOf(true));
            assertEquals(Optional.of(user.withPasswordHash(winner)), store.findById(user.id()));
        }
    }

    @Test
    void disablingAndEnablingAgainIsStoredAndTouchesNothingElse() {
        store.add(dee());

        assertTrue(store.setEnabled(dee().id(), false));
        assertEquals(Optional.of(dee().withEnabled(false)), store.findById(dee().id()));
        assertEquals(Optional.of(dee().withEnabled(false)), store.findByUsername(dee().username()));

        assertTrue(store.setEnabled(dee().id(), true));
        assertEquals(Optional.of(dee()), store.findById(dee().id()));
    }

    @Test
    void enablingAUserAddedDisabledIsStored() {
        UserAccount disabled = aUser().disabled().withProfile("Dee", "Legal").build();
        store.add(disabled);

        assertTrue(store.setEnabled(disabled.id(), true));

        assertEquals(Optional.of(disabled.withEnabled(true)), store.findById(disabled.id()));
    }

    /** {@code false} means an unknown user, nothing else: a user already in that state is known all the same. */
    @Test
    void settingTheStateAUserIsAlreadyInIsTrueAndChangesNothing() {
        store.add(dee());
        UserAccount disabled = aUser().disabled().build();
        store.add(disabled);

        assertTrue(store.setEnabled(dee().id(), true));
        assertTrue(store.setEnabled(disabled.id(), false));

        assertEquals(Optional.of(dee()), store.findById(dee().id()));
        assertEquals(Optional.of(disabled), store.findById(disabled.id()));
    }

    @Test
    void disablingAUserChangesNoOtherUser() {
        store.add(alice());
        store.add(bob());

        store.setEnabled(alice().id(), false);

        assertEquals(Optional.of(bob()), store.findById(bob().id()));
    }

    @Test
    void settingTheStateOfAnUnknownUserIsFalseAndAddsNobody() {
        store.add(alice());
        UserAccount stranger = aUser().build();

        assertFalse(store.setEnabled(stranger.id(), false));
        assertFalse(store.setEnabled(stranger.id(), true));

        assertEquals(Optional.empty(), store.findById(stranger.id()));
        assertEquals(Optional.of(alice()), store.findById(alice().id()));
        assertEquals(1, firstPageSortedBy(UserAccount.SortKey.USERNAME, Sort.Direction.ASC).totalElements());
    }

    /** A password change and a disabling, in either order: neither brings back what the other replaced. */
    @Test
    void aPasswordChangeAndADisablingKeepEachOther() {
        UserAccount first = aUser().build();
        UserAccount second = aUser().build();
        store.add(first);
        store.add(second);

        store.replacePasswordHash(first.id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH);
        store.setEnabled(first.id(), false);
        store.setEnabled(second.id(), false);
        store.replacePasswordHash(second.id(), SOME_PASSWORD_HASH, OTHER_PASSWORD_HASH);

        UserAccount expectedFirst = first.withPasswordHash(OTHER_PASSWORD_HASH).withEnabled(false);
        UserAccount expectedSecond = second.withPasswordHash(OTHER_PASSWORD_HASH).withEnabled(false);
        assertEquals(Optional.of(expectedFirst), store.findById(first.id()));
        assertEquals(Optional.of(expectedSecond), store.findById(second.id()));
    }

    @Test
    void noUserHasARoleInAnEmptyStore() {
        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN));
        assertFalse(store.anyEnabledUserHasRole(Role.USER));
    }

    @Test
    void aRoleIsFoundWhereverItSitsAmongAUsersRoles() {
        // Stored in some order or other: first, middle and last place are all asked.
        store.add(aUser().withRoles(new Role("AUDITOR"), new Role("BILLING"), new Role("CLERK")).build());

        for (String role : List.of("AUDITOR", "BILLING", "CLERK")) {
            assertTrue(store.anyEnabledUserHasRole(new Role(role)), role);
        }
    }

    /** Nor does an underscore stand for any character, as it would in a LIKE pattern. */
    @Test
    void aRoleMatchesOnlyARoleOfExactlyThatName() {
        store.add(aUser().withRoles(new Role("ADMINISTRATOR"), new Role("SUPER_ADMIN"), new Role("AUDITORX2"))
                .build());
        store.add(aUser().withRoles(new Role("XADMINX"), new Role("USERS")).build());

        for (String role : List.of("ADMIN", "USER", "AUDITOR", "AUDITOR_2", "AUDITOR_", "DMIN", "SUPER", "S")) {
            assertFalse(store.anyEnabledUserHasRole(new Role(role)), role);
        }
        assertTrue(store.anyEnabledUserHasRole(new Role("AUDITORX2")));
        assertTrue(store.anyEnabledUserHasRole(new Role("SUPER_ADMIN")));
    }

    @Test
    void aUserWhoseOnlyRoleIsTheOneAskedHasIt() {
        store.add(aUser().withRoles(Role.ADMIN).build());

        assertTrue(store.anyEnabledUserHasRole(Role.ADMIN));
        assertFalse(store.anyEnabledUserHasRole(Role.USER));
    }

    @Test
    void aDisabledHolderOfARoleDoesNotCount() {
        store.add(aUser().withRoles(Role.USER, Role.ADMIN).disabled().build());
        store.add(alice());

        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN));
        assertTrue(store.anyEnabledUserHasRole(Role.USER), "alice is enabled");
    }

    @Test
    void aDisabledHolderHidesNoEnabledOne() {
        store.add(aUser().withRoles(Role.ADMIN).disabled().build());
        store.add(aUser().withRoles(Role.ADMIN).build());

        assertTrue(store.anyEnabledUserHasRole(Role.ADMIN));
    }

    /** Both filters at once: the disabled user holds the role, the enabled one only a name containing it. */
    @Test
    void anEnabledUserWithALookalikeRoleDoesNotStandInForADisabledHolder() {
        store.add(aUser().withRoles(Role.ADMIN).disabled().build());
        store.add(aUser().withRoles(new Role("ADMINISTRATOR"), new Role("SUPER_ADMIN")).build());

        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN));
    }

    @Test
    void aHolderDisabledNoLongerCountsAndCountsAgainOnceReEnabled() {
        store.add(alice());
        store.add(bob());
        assertTrue(store.anyEnabledUserHasRole(Role.ADMIN));

        store.setEnabled(bob().id(), false);

        assertFalse(store.anyEnabledUserHasRole(Role.ADMIN));
        assertTrue(store.anyEnabledUserHasRole(Role.USER), "alice still holds USER");

        store.setEnabled(bob().id(), true);

        assertTrue(store.anyEnabledUserHasRole(Role.ADMIN));
    }

    @Test
    void anEmptyStoreListsAnEmptyPage() {
        Page<UserAccount> page = firstPageSortedBy(UserAccount.SortKey.USERNAME, Sort.Direction.ASC);

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    @Test
    void usersArePagedWithTheTotalOnEveryPage() {
        List.of("amy", "ben", "cat", "dan", "eve").forEach(name -> store.add(aUser().named(name).build()));
        Sort<UserAccount.SortKey> byUsername = new Sort<>(UserAccount.SortKey.USERNAME, Sort.Direction.ASC);

        List<List<String>> pages = new ArrayList<>();
        for (int number = 0; number < 3; number++) {
            Page<UserAccount> page = store.findAll(byUsername, new PageRequest(number, 2));
            assertEquals(number, page.page());
            assertEquals(2, page.size());
            assertEquals(5, page.totalElements());
            pages.add(usernames(page));
        }
        assertEquals(List.of(List.of("amy", "ben"), List.of("cat", "dan"), List.of("eve")), pages);
    }

    @Test
    void aPagePastTheEndIsEmptyButKeepsTheTotal() {
        store.add(alice());
        store.add(bob());

        Page<UserAccount> page = store.findAll(new Sort<>(UserAccount.SortKey.USERNAME, Sort.Direction.ASC), new PageRequest(5, 2));

        assertEquals(List.of(), page.content());
        assertEquals(2, page.totalElements());
        assertEquals(5, page.page());
    }

    @Test
    void usersSortByUsernameInBothDirections() {
        store.add(aUser().named("carol").build());
        store.add(alice());
        store.add(bob());

        assertEquals(List.of("alice", "bob", "carol"), usernames(firstPageSortedBy(UserAccount.SortKey.USERNAME, Sort.Direction.ASC)));
        assertEquals(List.of("carol", "bob", "alice"), usernames(firstPageSortedBy(UserAccount.SortKey.USERNAME, Sort.Direction.DESC)));
    }

    @Test
    void usersSortByCreationInBothDirections() {
        store.add(aUser().named("carol").createdAt(TestTime.SOME_INSTANT).build());
        store.add(aUser().named("alice").createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(1))).build());
        store.add(aUser().named("bob").createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(2))).build());

        assertEquals(List.of("carol", "alice", "bob"), usernames(firstPageSortedBy(UserAccount.SortKey.CREATED_AT, Sort.Direction.ASC)));
        assertEquals(List.of("bob", "alice", "carol"), usernames(firstPageSortedBy(UserAccount.SortKey.CREATED_AT, Sort.Direction.DESC)));
    }

    @Test
    void usersCreatedAtTheSameInstantArePagedWithoutRepeatsOrGaps() {
        IntStream.range(0, 7).forEach(i -> store.add(aUser().createdAt(TestTime.SOME_INSTANT).build()));

        for (Sort.Direction direction : Sort.Direction.values()) {
            Set<String> seen = new HashSet<>();
            for (int page = 0; page < 4; page++) {
                seen.addAll(usernames(store.findAll(new Sort<>(UserAccount.SortKey.CREATED_AT, direction),
                        new PageRequest(page, 2))));
            }
            assertEquals(7, seen.size(), "every user on exactly one page, sorting " + direction);
        }
    }

    /** The same user on every call, each field set apart from the defaults, so that a write touching it shows. */
    private static UserAccount dee() {
        return aUser().withId(UserId.of("dee00000-0000-4000-8000-000000000003")).named("dee")
                .withRoles(Role.USER, Role.ADMIN, new Role("AUDITOR_2")).withProfile("Dee", "Legal")
                .createdAt(TestTime.SOME_INSTANT.minus(Duration.ofDays(7))).build();
    }

    private static List<String> usernames(Page<UserAccount> page) {
        return page.content().stream().map(user -> user.username().value()).toList();
    }

    private Page<UserAccount> firstPageSortedBy(UserAccount.SortKey key, Sort.Direction direction) {
        return store.findAll(new Sort<>(key, direction), new PageRequest(0, PageRequest.DEFAULT_SIZE));
    }

    @Test
    void anEmailAddressAddedWithItsUserIsFoundWithItByEveryLookUp() {
        UserAccount dee = aUser().named("dee").withEmail("Dee.Smith@Bücher.Example", true).build();
        store.add(dee);

        assertEquals(Optional.of(dee), store.findById(dee.id()));
        assertEquals(Optional.of(dee), store.findByUsername(dee.username()));
        assertEquals(Optional.of(dee), store.findByEmail(new EmailAddress("Dee.Smith@xn--bcher-kva.EXAMPLE")));
        assertEquals(List.of(dee), store.findAll(new Sort<>(UserAccount.SortKey.USERNAME, Sort.Direction.ASC),
                new PageRequest(0, 10)).content());
    }

    @Test
    void theLongestAddressIsKeptAsWritten() {
        String domain = "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61); // 64 + 1 + 189 octets: 254
        UserAccount dee = aUser().withEmail("é".repeat(32) + "@" + domain, false).build();
        store.add(dee);

        assertEquals(Optional.of(dee), store.findById(dee.id()));
    }

    @Test
    void anAddressIsFoundByItsMailboxOnlyTheLocalPartsCaseCounts() {
        store.add(aUser().named("dee").withEmail("dee@example.com", false).build());

        assertTrue(store.findByEmail(new EmailAddress("dee@EXAMPLE.com")).isPresent());
        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("Dee@example.com")));
        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("dee@example.org")));
    }

    @Test
    void aNewUserWhoseAddressNamesATakenMailboxIsRefusedAndNothingOfThemStored() {
        store.add(aUser().named("dee").withEmail("dee@example.com", true).build());
        UserAccount other = aUser().named("eve").withEmail("dee@Example.COM", false).build();

        assertFalse(store.add(other));

        assertEquals(Optional.empty(), store.findById(other.id()));
        assertEquals(Optional.empty(), store.findByUsername(other.username()));
    }

    @Test
    void usersWithoutAnAddressAndUsersWhoseLocalPartsDifferInCaseAreAllAdded() {
        assertTrue(store.add(aUser().build()));
        assertTrue(store.add(aUser().build()));
        assertTrue(store.add(aUser().withEmail("dee@example.com", false).build()));
        assertTrue(store.add(aUser().withEmail("Dee@example.com", false).build()));
    }

    @Test
    void anAddressIsSetReplacedAndRemovedTouchingNothingElse() {
        store.add(dee());
        Optional<AccountEmail> first = Optional.of(new AccountEmail(new EmailAddress("dee@example.com"), false));
        Optional<AccountEmail> second = Optional.of(new AccountEmail(new EmailAddress("Dee@Example.org"), true));

        assertEquals(UserStore.EmailChange.CHANGED, store.setEmail(dee().id(), first));
        assertEquals(Optional.of(dee().withEmail(first)), store.findById(dee().id()));
        assertEquals(UserStore.EmailChange.CHANGED, store.setEmail(dee().id(), second));
        assertEquals(Optional.of(dee().withEmail(second)), store.findById(dee().id()));
        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("dee@example.com")), "the old one is free");
        assertEquals(UserStore.EmailChange.CHANGED, store.setEmail(dee().id(), Optional.empty()));
        assertEquals(Optional.of(dee()), store.findById(dee().id()));
        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("Dee@example.org")));
    }

    @Test
    void anAddressIsMarkedVerifiedOnlyWhileTheAccountHoldsItsMailbox() {
        store.add(aUser().withId(dee().id()).named("dee").withEmail("dee@example.com", false).build());

        assertFalse(store.markEmailVerified(dee().id(), new EmailAddress("eve@example.com")));
        assertFalse(store.markEmailVerified(dee().id(), new EmailAddress("Dee@example.com")));
        assertFalse(store.findById(dee().id()).orElseThrow().email().orElseThrow().verified());
        assertFalse(store.markEmailVerified(aUser().build().id(),
                new EmailAddress("dee@example.com")), "no such user");

        assertTrue(store.markEmailVerified(dee().id(), new EmailAddress("dee@EXAMPLE.com")));
        assertEquals(Optional.of(new AccountEmail(new EmailAddress("dee@example.com"), true)),
                store.findById(dee().id()).orElseThrow().email(), "as it was written, now verified");
        store.setEmail(dee().id(), Optional.empty());
        assertFalse(store.markEmailVerified(dee().id(), new EmailAddress("dee@example.com")));
    }

    @Test
    void aPendingAccountIsKeptAsMadeUntilItsAddressIsVerified() {
        Instant at = Instant.parse("2026-01-01T10:00:00Z");
        UserAccount pending = UserAccount.signedUp(dee().id(), new Username("dee"), SOME_PASSWORD_HASH,
                new EmailAddress("dee@example.com"), at);
        assertTrue(store.add(pending));
        assertEquals(Optional.of(pending), store.findById(pending.id()));
        assertEquals(Optional.of(at), store.findByUsername(new Username("dee")).orElseThrow().pendingSince());

        assertTrue(store.markEmailVerified(pending.id(), new EmailAddress("dee@example.com")));

        UserAccount verified = store.findById(pending.id()).orElseThrow();
        assertFalse(verified.isPending());
        assertTrue(verified.email().orElseThrow().verified());
        assertEquals(0, store.removePendingSince(at.plusSeconds(1), 10), "verified: no longer pending");
    }

    @Test
    void pendingAccountsAreRemovedInBatchesOnceTheyWerePendingSinceTheCutoffOthersNever() {
        Instant at = Instant.parse("2026-01-01T10:00:00Z");
        UserAccount old = UserAccount.signedUp(aUser().build().id(), new Username("old-one"), SOME_PASSWORD_HASH,
                new EmailAddress("old@example.com"), at);
        UserAccount older = UserAccount.signedUp(aUser().build().id(), new Username("older-one"), SOME_PASSWORD_HASH,
                new EmailAddress("older@example.com"), at.minusSeconds(60));
        UserAccount recent = UserAccount.signedUp(aUser().build().id(), new Username("recent-one"),
                SOME_PASSWORD_HASH, new EmailAddress("recent@example.com"), at.plusSeconds(1));
        store.add(old);
        store.add(older);
        store.add(recent);
        store.add(dee());

        assertEquals(1, store.removePendingSince(at, 1));
        assertEquals(1, store.removePendingSince(at, 10));
        assertEquals(0, store.removePendingSince(at, 10));

        assertEquals(Optional.empty(), store.findById(old.id()));
        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("older@example.com")));
        assertEquals(Optional.of(recent), store.findById(recent.id()));
        assertEquals(Optional.of(dee()), store.findById(dee().id()));
        assertTrue(store.add(UserAccount.signedUp(aUser().build().id(), new Username("old-one"), SOME_PASSWORD_HASH,
                new EmailAddress("old@example.com"), at.plusSeconds(2))), "the name and the mailbox are free again");
    }

    @Test
    void aRemovedAccountIsGoneAndItsNameAndMailboxAreFreeAgain() {
        UserAccount made = UserAccount.signedUpThrough(dee().id(), new Username("dee"), Optional.of("Dee"),
                Optional.of(new EmailAddress("dee@example.com")), Instant.parse("2026-01-01T10:00:00Z"));
        assertTrue(store.add(made));
        store.add(aUser().named("other").build());

        assertTrue(store.remove(made.id()));

        assertEquals(Optional.empty(), store.findById(made.id()));
        assertFalse(store.remove(made.id()), "removed already");
        assertTrue(store.findByUsername(new Username("other")).isPresent(), "no other account");
        assertTrue(store.add(aUser().named("dee").withEmail("dee@example.com", true).build()));
    }

    @Test
    void anAccountWithoutAPasswordIsKeptSo() {
        UserAccount made = UserAccount.signedUpThrough(dee().id(), new Username("dee"), Optional.empty(),
                Optional.empty(), Instant.parse("2026-01-01T10:00:00Z"));
        assertTrue(store.add(made));

        UserAccount read = store.findById(made.id()).orElseThrow();
        assertEquals(made, read);
        assertFalse(read.passwordHash().isSet());
    }

    @Test
    void aUserMaySetTheirOwnMailboxAgainInAnotherSpelling() {
        store.add(aUser().withId(dee().id()).named("dee").withEmail("dee@example.com", true).build());
        Optional<AccountEmail> respelled = Optional.of(new AccountEmail(new EmailAddress("dee@EXAMPLE.COM"), true));

        assertEquals(UserStore.EmailChange.CHANGED, store.setEmail(dee().id(), respelled));

        assertEquals(respelled, store.findById(dee().id()).orElseThrow().email());
    }

    @Test
    void anAddressNamingAnotherUsersMailboxIsRefusedAndChangesNothing() {
        UserAccount holder = aUser().withEmail("dee@example.com", true).build();
        UserAccount other = aUser().withEmail("eve@example.com", true).build();
        store.add(holder);
        store.add(other);

        assertEquals(UserStore.EmailChange.TAKEN, store.setEmail(other.id(),
                Optional.of(new AccountEmail(new EmailAddress("dee@Example.com"), false))));

        assertEquals(Optional.of(holder), store.findById(holder.id()));
        assertEquals(Optional.of(other), store.findById(other.id()));
    }

    @Test
    void anAddressOfAnUnknownUserIsNotSet() {
        assertEquals(UserStore.EmailChange.NO_SUCH_USER, store.setEmail(dee().id(),
                Optional.of(new AccountEmail(new EmailAddress("dee@example.com"), false))));

        assertEquals(Optional.empty(), store.findByEmail(new EmailAddress("dee@example.com")));
    }

    /** Each user sets the same mailbox, each on a connection of their own: the store decides. */
    @Test
    void ofManyConcurrentSettingsOfOneMailboxExactlyOneWins() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            EmailAddress address = new EmailAddress("racer" + round + "@example.com");
            List<UserAccount> racers = IntStream.range(0, RACERS).mapToObj(i -> aUser().build()).toList();
            racers.forEach(store::add);

            List<UserStore.EmailChange> results = AtTheSameTime.run(racers.stream()
                    .<Callable<UserStore.EmailChange>>map(user -> () -> store.setEmail(user.id(),
                            Optional.of(new AccountEmail(address, false))))
                    .toList());

            assertEquals(1, results.stream().filter(UserStore.EmailChange.CHANGED::equals).count(),
                    "winners among " + results);
            assertEquals(RACERS - 1, results.stream().filter(UserStore.EmailChange.TAKEN::equals).count());
            UserAccount winner = racers.get(results.indexOf(UserStore.EmailChange.CHANGED));
            assertEquals(Optional.of(winner.id()), store.findByEmail(address).map(UserAccount::id));
        }
    }
}

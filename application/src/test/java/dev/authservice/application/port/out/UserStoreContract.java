package dev.authservice.application.port.out;

import static dev.authservice.application.fixtures.UserAccountMother.aUser;
import static dev.authservice.application.fixtures.UserAccountMother.alice;
import static dev.authservice.application.fixtures.UserAccountMother.bob;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link UserStore} promises. An implementation's test extends this class and hands out an empty store.
 * Usernames here are lower case, so that the order they sort in does not depend on a database's collation.
 */
public abstract class UserStoreContract {

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
    void usernamesAreComparedExactly() {
        store.add(alice());

        assertEquals(Optional.empty(), store.findByUsername(new Username("Alice")));
        assertEquals(Optional.empty(), store.findByUsername(new Username("alice ")));
    }

    @Test
    void aTakenUsernameIsRefusedAndTheFirstUserKept() {
        store.add(alice());
        UserAccount impostor = aUser().named("alice").build();

        assertThrows(RuntimeException.class, () -> store.add(impostor));

        assertEquals(Optional.of(alice()), store.findByUsername(new Username("alice")));
        assertEquals(Optional.empty(), store.findById(impostor.id()));
    }

    @Test
    void anEmptyStoreListsAnEmptyPage() {
        Page<UserAccount> page = store.findAll(firstPageSortedBy("username", Sort.Direction.ASC));

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    @Test
    void usersArePagedWithTheTotalOnEveryPage() {
        List.of("amy", "ben", "cat", "dan", "eve").forEach(name -> store.add(aUser().named(name).build()));
        Sort byUsername = new Sort("username", Sort.Direction.ASC);

        List<List<String>> pages = new ArrayList<>();
        for (int number = 0; number < 3; number++) {
            Page<UserAccount> page = store.findAll(new PageRequest(number, 2, byUsername));
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

        Page<UserAccount> page = store.findAll(new PageRequest(5, 2, new Sort("username", Sort.Direction.ASC)));

        assertEquals(List.of(), page.content());
        assertEquals(2, page.totalElements());
        assertEquals(5, page.page());
    }

    @Test
    void usersSortByUsernameInBothDirections() {
        store.add(aUser().named("carol").build());
        store.add(alice());
        store.add(bob());

        assertEquals(List.of("alice", "bob", "carol"), usernames(firstPageSortedBy("username", Sort.Direction.ASC)));
        assertEquals(List.of("carol", "bob", "alice"), usernames(firstPageSortedBy("username", Sort.Direction.DESC)));
    }

    @Test
    void usersSortByCreationInBothDirections() {
        store.add(aUser().named("carol").createdAt(TestTime.SOME_INSTANT).build());
        store.add(aUser().named("alice").createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(1))).build());
        store.add(aUser().named("bob").createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(2))).build());

        assertEquals(List.of("carol", "alice", "bob"), usernames(firstPageSortedBy("createdAt", Sort.Direction.ASC)));
        assertEquals(List.of("bob", "alice", "carol"), usernames(firstPageSortedBy("createdAt", Sort.Direction.DESC)));
    }

    @Test
    void usersCreatedAtTheSameInstantArePagedWithoutRepeatsOrGaps() {
        IntStream.range(0, 7).forEach(i -> store.add(aUser().createdAt(TestTime.SOME_INSTANT).build()));

        for (Sort.Direction direction : Sort.Direction.values()) {
            Set<String> seen = new HashSet<>();
            for (int page = 0; page < 4; page++) {
                seen.addAll(usernames(new PageRequest(page, 2, new Sort("createdAt", direction))));
            }
            assertEquals(7, seen.size(), "every user on exactly one page, sorting " + direction);
        }
    }

    @Test
    void aSortPropertyOutsideTheSortableOnesIsRefused() {
        store.add(alice());

        for (String property : List.of("passwordHash", "password_hash", "nickname", "username; DROP TABLE users")) {
            assertThrows(IllegalArgumentException.class,
                    () -> store.findAll(firstPageSortedBy(property, Sort.Direction.ASC)), property);
        }
    }

    private List<String> usernames(PageRequest request) {
        return usernames(store.findAll(request));
    }

    private static List<String> usernames(Page<UserAccount> page) {
        return page.content().stream().map(user -> user.username().value()).toList();
    }

    private static PageRequest firstPageSortedBy(String property, Sort.Direction direction) {
        return new PageRequest(0, PageRequest.DEFAULT_SIZE, new Sort(property, direction));
    }
}

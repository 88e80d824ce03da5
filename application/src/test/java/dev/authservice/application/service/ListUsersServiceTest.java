package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.when;

import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ListUsersServiceTest {

    private static final UserAccount ALICE = account("a11ce000-0000-4000-8000-000000000001", "alice", "2024-01-01T00:00:00Z");
    private static final UserAccount BOB = account("b0b00000-0000-4000-8000-000000000002", "bob", "2024-02-01T00:00:00Z");

    @Mock private UserStore users;

    private ListUsersService service;

    @BeforeEach
    void setUp() {
        service = new ListUsersService(users);
    }

    @Test
    void eachAccountOfThePageIsSummarised() {
        PageRequest request = new PageRequest(1, 2, ListUsersUseCase.DEFAULT_SORT);
        when(users.findAll(request)).thenReturn(Page.of(List.of(ALICE, BOB), request, 5));

        Page<UserSummary> page = service.listUsers(request);

        assertEquals(List.of(
                new UserSummary(ALICE.id(), new Username("alice"), Set.of(), Instant.parse("2024-01-01T00:00:00Z")),
                new UserSummary(BOB.id(), new Username("bob"), Set.of(), Instant.parse("2024-02-01T00:00:00Z"))),
                page.content());
    }

    @Test
    void thePagePositionIsKept() {
        PageRequest request = new PageRequest(1, 2, new Sort("createdAt", Sort.Direction.DESC));
        when(users.findAll(request)).thenReturn(Page.of(List.of(ALICE, BOB), request, 5));

        Page<UserSummary> page = service.listUsers(request);

        assertEquals(1, page.page());
        assertEquals(2, page.size());
        assertEquals(5, page.totalElements());
        assertEquals(3, page.totalPages());
    }

    @Test
    void thePageAfterTheLastIsEmpty() {
        PageRequest request = new PageRequest(9, 20, ListUsersUseCase.DEFAULT_SORT);
        when(users.findAll(request)).thenReturn(Page.of(List.of(), request, 2));

        Page<UserSummary> page = service.listUsers(request);

        assertEquals(List.of(), page.content());
        assertEquals(2, page.totalElements());
    }

    @Test
    void aSummaryHasNoPlaceForThePasswordHash() {
        assertTrue(Arrays.stream(UserSummary.class.getRecordComponents())
                .noneMatch(component -> component.getType() == PasswordHash.class));
    }

    private static UserAccount account(String id, String username, String createdAt) {
        return new UserAccount(UserId.of(id), new Username(username), new PasswordHash("$argon2id$" + username),
                Set.of(), username, "Sales", Instant.parse(createdAt), true);
    }
}

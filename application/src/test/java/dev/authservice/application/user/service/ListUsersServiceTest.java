package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.ListUsersUseCase.Query;
import dev.authservice.application.user.port.in.ListUsersUseCase.Result;
import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ListUsersServiceTest {

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final ListUsersService service = new ListUsersService(users);
    private final UserAccount carol = UserAccountMother.aUser().named("carol")
            .createdAt(TestTime.SOME_INSTANT.minus(Duration.ofDays(1))).build();

    @BeforeEach
    void threeUsers() {
        users.add(UserAccountMother.bob());
        users.add(carol);
        users.add(UserAccountMother.alice());
    }

    @Test
    void eachAccountIsSummarisedInTheOrderAsked() {
        Page<UserSummary> page = list(ListUsersUseCase.DEFAULT_SORT, new PageRequest(0, 20));

        assertEquals(List.of(UserSummary.of(UserAccountMother.alice()), UserSummary.of(UserAccountMother.bob()),
                UserSummary.of(carol)), page.content());
    }

    @Test
    void thePagePositionAndTheTotalAreKept() {
        Page<UserSummary> page = list(new Sort<>(UserAccount.SortKey.CREATED_AT, Sort.Direction.ASC),
                new PageRequest(1, 2));

        assertEquals(List.of(UserSummary.of(UserAccountMother.bob())), page.content());
        assertEquals(1, page.page());
        assertEquals(2, page.size());
        assertEquals(3, page.totalElements());
        assertEquals(2, page.totalPages());
    }

    @Test
    void thePageAfterTheLastIsEmpty() {
        Page<UserSummary> page = list(ListUsersUseCase.DEFAULT_SORT, new PageRequest(9, 20));

        assertEquals(List.of(), page.content());
        assertEquals(3, page.totalElements());
    }

    @Test
    void aSummaryHasNoPlaceForThePasswordHash() {
        assertTrue(Arrays.stream(UserSummary.class.getRecordComponents())
                .noneMatch(component -> component.getType() == PasswordHash.class));
    }

    private Page<UserSummary> list(Sort<UserAccount.SortKey> sort, PageRequest page) {
        return service.listUsers(new Query(sort, page)).match(Result.Listed::users);
    }
}

package dev.authservice.application.port.in;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;

/** Lists every user; for administrators (the web adapter checks the role before calling). */
public interface ListUsersUseCase {

    Sort DEFAULT_SORT = new Sort("username", Sort.Direction.ASC);

    Page<UserSummary> listUsers(PageRequest page);
}

package dev.authservice.application.federation.service;

import dev.authservice.application.federation.port.in.ListIdentityLinksUseCase;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.user.port.out.UserStore;
import java.util.Objects;

public final class ListIdentityLinksService implements ListIdentityLinksUseCase {

    private final UserStore users;
    private final IdentityLinkStore links;

    public ListIdentityLinksService(UserStore users, IdentityLinkStore links) {
        this.users = Objects.requireNonNull(users);
        this.links = Objects.requireNonNull(links);
    }

    @Override
    public Result listIdentityLinks(Query query) {
        if (users.findById(query.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        return new Result.Listed(links.findByUser(query.userId()));
    }
}

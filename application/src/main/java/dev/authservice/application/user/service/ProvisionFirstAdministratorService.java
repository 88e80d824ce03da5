package dev.authservice.application.user.service;

import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Role;
import java.util.Optional;
import java.util.Set;

public final class ProvisionFirstAdministratorService implements ProvisionFirstAdministratorUseCase {

    private final UserStore users;
    private final CreateUserUseCase createUser;

    public ProvisionFirstAdministratorService(UserStore users, CreateUserUseCase createUser) {
        this.users = users;
        this.createUser = createUser;
    }

    @Override
    public Result provisionFirstAdministrator(Command command) {
        if (users.anyEnabledUserHasRole(Role.ADMIN)) {
            return new Result.AdministratorExists();
        }
        return createUser.createUser(new CreateUserUseCase.Command(command.username(), command.password(),
                        Set.of(Role.USER, Role.ADMIN), command.username().value(), "Administration", Optional.empty(),
                        Requester.SERVICE))
                .match(created -> new Result.Created(created.user()),
                        taken -> new Result.UsernameTaken(),
                        emailTaken -> {
                            throw new IllegalStateException("an administrator made without an address found it taken");
                        },
                        restricted -> new Result.RestrictedUsername(restricted.reason()),
                        weak -> new Result.WeakPassword(weak.reason()));
    }
}

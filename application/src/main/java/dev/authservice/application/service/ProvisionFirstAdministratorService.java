package dev.authservice.application.service;

import dev.authservice.application.port.in.CreateUserUseCase;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.Username;
import java.util.Set;

public final class ProvisionFirstAdministratorService implements ProvisionFirstAdministratorUseCase {

    private final UserStore users;
    private final CreateUserUseCase createUser;

    public ProvisionFirstAdministratorService(UserStore users, CreateUserUseCase createUser) {
        this.users = users;
        this.createUser = createUser;
    }

    @Override
    public Result provision(Username username, Password password) {
        if (users.anyEnabledUserHasRole(Role.ADMIN)) {
            return new Result.AdministratorExists();
        }
        CreateUserUseCase.Result created = createUser.createUser(new CreateUserUseCase.Command(
                username, password, Set.of(Role.USER, Role.ADMIN), username.value(), "Administration"), Requester.SERVICE);
        if (created instanceof CreateUserUseCase.Result.Created user) {
            return new Result.Created(user.user());
        }
        if (created instanceof CreateUserUseCase.Result.WeakPassword weak) {
            return new Result.WeakPassword(weak.reason());
        }
        return new Result.UsernameTaken();
    }
}

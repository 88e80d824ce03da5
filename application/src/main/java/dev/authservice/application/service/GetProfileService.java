package dev.authservice.application.service;

import dev.authservice.application.port.in.GetProfileUseCase;
import dev.authservice.application.port.in.UserProfile;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

public final class GetProfileService implements GetProfileUseCase {

    private final UserStore users;

    public GetProfileService(UserStore users) {
        this.users = users;
    }

    @Override
    public Optional<UserProfile> profileOf(UserId userId) {
        return users.findById(userId).map(UserProfile::of);
    }
}

package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.when;

import dev.authservice.application.port.in.UserProfile;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class GetProfileServiceTest {

    private static final UserId ALICE_ID = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));

    @Mock private UserStore users;

    private GetProfileService service;

    @BeforeEach
    void setUp() {
        service = new GetProfileService(users);
    }

    @Test
    void theProfileShowsTheAccountsIdentityNicknameAndDepartment() {
        givenAccount(Set.of());

        Optional<UserProfile> profile = service.profileOf(ALICE_ID);

        assertEquals(Optional.of(new UserProfile(ALICE_ID, new Username("alice"), "Alice", "Sales", Set.of())),
                profile);
    }

    @Test
    void theProfileShowsTheAccountsRoles() {
        givenAccount(Set.of(Role.USER, Role.ADMIN));

        UserProfile profile = service.profileOf(ALICE_ID).orElseThrow();

        assertEquals(Set.of(Role.USER, Role.ADMIN), profile.roles());
    }

    @Test
    void anAccountThatNoLongerExistsHasNoProfile() {
        when(users.findById(ALICE_ID)).thenReturn(Optional.empty());

        assertEquals(Optional.empty(), service.profileOf(ALICE_ID));
    }

    @Test
    void aProfileHasNoPlaceForThePasswordHash() {
        assertTrue(Arrays.stream(UserProfile.class.getRecordComponents())
                .noneMatch(component -> component.getType() == PasswordHash.class));
    }

    private void givenAccount(Set<Role> roles) {
        when(users.findById(ALICE_ID)).thenReturn(Optional.of(new UserAccount(ALICE_ID, new Username("alice"),
                new PasswordHash("$argon2id$alice"), roles, "Alice", "Sales", Instant.parse("2024-01-01T00:00:00Z"),
                true)));
    }
}

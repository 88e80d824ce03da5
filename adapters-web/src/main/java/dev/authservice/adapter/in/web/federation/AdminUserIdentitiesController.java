package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.user.AccountErrorCode;
import dev.authservice.adapter.in.web.user.AdminUsersController;
import dev.authservice.application.federation.port.in.ListIdentityLinksUseCase;
import dev.authservice.application.federation.port.in.UnlinkIdentityUseCase;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.user.UserId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** An administrator's view of a user's linked identities, and their removal. */
@Controller(AdminUsersController.PATH + "/{userId}/identities")
@Secured("ADMIN")
@Requires(beans = ListIdentityLinksUseCase.class)
class AdminUserIdentitiesController implements AdminUserIdentitiesApi {

    private final ListIdentityLinksUseCase listLinks;
    private final UnlinkIdentityUseCase unlink;
    private final Requesters requesters;

    AdminUserIdentitiesController(ListIdentityLinksUseCase listLinks, UnlinkIdentityUseCase unlink,
                                  Requesters requesters) {
        this.listLinks = listLinks;
        this.unlink = unlink;
        this.requesters = requesters;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @IdentitiesApi.LinkedIdentityListEnvelope Envelope<List<IdentitiesController.IdentityResponse>> identities(
            @PathVariable String userId) {
        return IdentitiesController.IdentityResponse.listed(listLinks.listIdentityLinks(
                new ListIdentityLinksUseCase.Query(PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND))));
    }

    @Override
    @Delete("/{identityId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> remove(HttpRequest<?> request, Authentication authentication,
                                     @PathVariable String userId, @PathVariable String identityId) {
        UserId owner = PathIds.parse(userId, UserId::of, FederationErrorCode.IDENTITY_NOT_FOUND);
        IdentityLinkId id = PathIds.parse(identityId, text -> new IdentityLinkId(UUID.fromString(text)),
                FederationErrorCode.IDENTITY_NOT_FOUND);
        return IdentitiesController.IdentityResponse.unlinked(unlink.unlinkIdentity(new UnlinkIdentityUseCase
                .Command(owner, id, Optional.empty(), requesters.caller(request, authentication))));
    }
}

package dev.authservice.adapter.in.web.passkey;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.user.AccountErrorCode;
import dev.authservice.adapter.in.web.user.AdminUsersController;
import dev.authservice.application.passkey.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.RelyingParty;
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

/**
 * A user's passkeys, as an administrator sees them: the list, and removing one the user lost or never registered,
 * which ends every session of the user. The same view of a passkey as its user's list ({@code Passkey}), never its
 * key. Without a relying party configured the paths do not exist, as the user's own do not.
 */
@Controller(AdminUsersController.PATH + "/{userId}/passkeys")
@Requires(beans = RelyingParty.class)
@Secured("ADMIN")
class AdminUserPasskeysController implements AdminUserPasskeysApi {

    private final ListUserPasskeysUseCase listPasskeys;
    private final RemoveUserPasskeyUseCase removePasskey;
    private final Requesters requesters;

    AdminUserPasskeysController(ListUserPasskeysUseCase listPasskeys, RemoveUserPasskeyUseCase removePasskey,
                                Requesters requesters) {
        this.listPasskeys = listPasskeys;
        this.removePasskey = removePasskey;
        this.requesters = requesters;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    @PasskeysController.PasskeyListEnvelope
    public Envelope<List<PasskeysController.PasskeyResponse>> passkeys(@PathVariable String userId) {
        return listPasskeys.listUserPasskeys(new ListUserPasskeysUseCase.Query(
                        PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND)))
                .match(listed -> Envelope.ok(listed.passkeys().stream()
                                .map(PasskeysController.PasskeyResponse::of).toList()),
                        userNotFound -> {
                            throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                        });
    }

    @Override
    @Delete("/{passkeyId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> remove(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId,
            @PathVariable String passkeyId) {
        UserId owner = PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND);
        CredentialId id = PathIds.parse(passkeyId, CredentialId::of, PasskeyErrorCode.PASSKEY_NOT_FOUND);
        return removePasskey.removeUserPasskey(new RemoveUserPasskeyUseCase.Command(owner, id,
                        requesters.caller(request, authentication)))
                .match(removed -> HttpResponse.noContent(),
                        userNotFound -> {
                            throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                        },
                        passkeyNotFound -> {
                            throw new ApiException(PasskeyErrorCode.PASSKEY_NOT_FOUND);
                        });
    }
}

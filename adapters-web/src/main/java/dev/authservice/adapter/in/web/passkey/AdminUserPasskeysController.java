package dev.authservice.adapter.in.web.passkey;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
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
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/**
 * A user's passkeys, as an administrator sees them: the list, and removing one the user lost or never registered,
 * which ends every session of the user. The same view of a passkey as its user's list ({@code Passkey}), never its
 * key. Without a relying party configured the paths do not exist, as the user's own do not.
 */
@Controller(AdminUsersController.PATH + "/{userId}/passkeys")
@Requires(beans = RelyingParty.class)
@Secured("ADMIN")
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
class AdminUserPasskeysController {

    private final ListUserPasskeysUseCase listPasskeys;
    private final RemoveUserPasskeyUseCase removePasskey;
    private final Requesters requesters;

    AdminUserPasskeysController(ListUserPasskeysUseCase listPasskeys, RemoveUserPasskeyUseCase removePasskey,
                                Requesters requesters) {
        this.listPasskeys = listPasskeys;
        this.removePasskey = removePasskey;
        this.requesters = requesters;
    }

    @Get
    @Operation(operationId = "listUserPasskeys", summary = "A user's passkeys", description = "Oldest first.")
    @ApiDocs.UserNotFound
    @ExecuteOn(TaskExecutors.BLOCKING)
    @PasskeysController.PasskeyListEnvelope
    Envelope<List<PasskeysController.PasskeyResponse>> passkeys(@PathVariable String userId) {
        return listPasskeys.listUserPasskeys(new ListUserPasskeysUseCase.Query(
                        PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND)))
                .match(listed -> Envelope.ok(listed.passkeys().stream()
                                .map(PasskeysController.PasskeyResponse::of).toList()),
                        userNotFound -> {
                            throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                        });
    }

    @Delete("/{passkeyId}")
    @Operation(operationId = "removeUserPasskey", summary = "Remove a passkey of a user",
            description = "It can no longer be used to log in, and every session of the user ends: one it started "
                    + "included.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "USER_NOT_FOUND: no user with this id, or not an id; "
            + "PASSKEY_NOT_FOUND: the user has no passkey with this id",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> remove(HttpRequest<?> request, Authentication authentication, @PathVariable String userId,
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

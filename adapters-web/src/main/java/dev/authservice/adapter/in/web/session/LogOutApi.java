package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.api.ApiDocs;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link LogOutController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface LogOutApi {

    @Operation(summary = "Log out", description = "Ends the session of the access token used: its refresh and access "
            + "tokens are refused from now on. Clears the refresh-token cookie.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> logOut(HttpRequest<?> request, Authentication authentication);
}

package dev.authservice.adapter.in.web.login;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.passkey.PublicKeyCredentialJson;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.secondfactor.SecondFactorErrorCode;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.SessionErrorCode;
import dev.authservice.application.login.port.in.ReauthenticateUseCase;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.user.Password;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Optional;

/**
 * The signed-in user proves again who they are, for the changes to how they sign in that ask for a recent proof
 * (401 {@code REAUTHENTICATION_REQUIRED}): the password, with a code or a recovery code when their TOTP is in effect,
 * or a passkey alone. The answer's access token says the session was authenticated now; the refresh cookie stays.
 */
@Controller(ReauthenticationController.PATH)
@Secured(SecurityRule.IS_AUTHENTICATED)
public class ReauthenticationController implements ReauthenticationApi {

    public static final String PATH = "/api/user/reauthentication";

    private final ReauthenticateUseCase reauthenticate;
    private final Requesters requesters;
    private final JsonMapper json;

    ReauthenticationController(ReauthenticateUseCase reauthenticate, Requesters requesters, JsonMapper json) {
        this.reauthenticate = reauthenticate;
        this.requesters = requesters;
        this.json = json;
    }

    /**
     * Body {@code {"password": ...}}, with {@code "code"} or {@code "recoveryCode"} for a user whose TOTP is in
     * effect, or {@code {"passkey": <PublicKeyCredential.toJSON()>}}; on the password-hashing threads.
     */
    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    public HttpResponse<@ReauthenticationEnvelope Envelope<Reauthentication>> reauthenticate(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
        Caller caller = Caller.of(authentication);
        return reauthenticate.reauthenticate(command(body, caller, request, authentication)).match(
                reauthenticated -> HttpResponse.ok(Envelope.ok(new Reauthentication(reauthenticated.accessToken())))
                        .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                wrongProof -> {
                    throw new ApiException(SessionErrorCode.INVALID_CREDENTIALS,
                            "The password, code, recovery code or passkey is not right");
                },
                secondFactorRequired -> {
                    throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_REQUIRED,
                            "The password is right: send it again with a code of your authenticator app or a "
                                    + "recovery code, or prove who you are with a passkey");
                },
                throttled -> {
                    throw new ApiException(CommonErrorCode.TOO_MANY_ATTEMPTS, throttled.retryAfter());
                },
                totpLocked -> {
                    throw new ApiException(SecondFactorErrorCode.TOTP_LOCKED);
                },
                sessionEnded -> {
                    throw new ApiException(CommonErrorCode.TOKEN_REVOKED);
                });
    }

    private ReauthenticateUseCase.Command command(@Nullable JsonNode body, Caller caller, HttpRequest<?> request,
                                                  Authentication authentication) {
        JsonNode object = JsonBody.object(body, "{\"password\": ...}, with \"code\" or \"recoveryCode\" when "
                + "asked, or {\"passkey\": ...}");
        Optional<JsonNode> passkey = Optional.ofNullable(object.get("passkey")).filter(value -> !value.isNull());
        boolean withPassword = object.get("password") != null && !object.get("password").isNull();
        Optional<String> code = JsonBody.optionalText(object, "code");
        Optional<String> recoveryCode = JsonBody.optionalText(object, "recoveryCode");
        if (passkey.isPresent() == withPassword || passkey.isPresent() && (code.isPresent()
                || recoveryCode.isPresent()) || code.isPresent() && recoveryCode.isPresent()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "give password (with at most one of code and "
                    + "recoveryCode), or passkey alone");
        }
        Optional<Password> password = withPassword ? Optional.of(JsonBody.password(object, "password"))
                : Optional.empty();
        return new ReauthenticateUseCase.Command(caller.userId(), caller.sessionId(), password,
                code.map(text -> JsonBody.parse(() -> TotpCode.parse("code", text))),
                recoveryCode.map(text -> JsonBody.parse(() -> RecoveryCode.parse("recoveryCode", text))),
                passkey.map(credential -> PublicKeyCredentialJson.write(json, credential, "an assertion of a passkey")),
                requesters.caller(request, authentication));
    }

    @Serdeable
    @Schema(name = "Reauthentication", description = "accessToken: for the caller's session, its auth_time now; "
            + "use it for the change that asked for it")
    record Reauthentication(String accessToken) {
        @Override
        public String toString() {
            return "Reauthentication[****]";
        }
    }
}

package dev.authservice.adapter.in.web.login;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.passkey.PublicKeyCredentialJson;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.secondfactor.SecondFactorErrorCode;
import dev.authservice.adapter.in.web.session.SessionErrorCode;
import dev.authservice.application.login.port.in.CompleteLogInUseCase;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.domain.Require;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.user.Credentials;
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
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

@Controller("/api/login")
@Secured(SecurityRule.IS_ANONYMOUS)
class LogInController implements LogInApi {

    private final LogInUseCase logIn;
    private final CompleteLogInUseCase completeLogIn;
    private final Requesters requesters;
    private final JsonMapper json;

    LogInController(LogInUseCase logIn, CompleteLogInUseCase completeLogIn, Requesters requesters,
                    JsonMapper json) {
        this.logIn = logIn;
        this.completeLogIn = completeLogIn;
        this.requesters = requesters;
        this.json = json;
    }

    /** On the password-hashing threads: the hash takes tens of milliseconds of CPU on purpose. */
    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    public HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        return logIn.logIn(new LogInUseCase.Command(credentials(body), requesters.anonymous(request))).match(
                loggedIn -> loggedIn(loggedIn.tokens()),
                required -> ErrorResponses.withData(SecondFactorErrorCode.SECOND_FACTOR_REQUIRED,
                                new SecondFactorChallenge(required.ticket(),
                                        required.methods().stream().map(SecondFactorMethod::wireName).toList(),
                                        required.lifetime().toSeconds()))
                        .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                invalidCredentials -> ErrorResponses.of(SessionErrorCode.INVALID_CREDENTIALS),
                throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()),
                emailNotVerified -> ErrorResponses.of(SessionErrorCode.EMAIL_NOT_VERIFIED));
    }

    /**
     * Body {@code {"ticket": ..., "code": "123456"}}, {@code {"ticket": ..., "recoveryCode": ...}} or
     * {@code {"ticket": ..., "passkey": <PublicKeyCredential.toJSON()>}}.
     */
    @Override
    @Post("/second-factor")
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> completeLogIn(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode object = JsonBody.object(body, "{\"ticket\": ..., \"code\": ...}, {\"ticket\": ..., "
                + "\"recoveryCode\": ...} or {\"ticket\": ..., \"passkey\": ...}");
        String ticket = JsonBody.parse(() -> Require.text("ticket", JsonBody.text(object, "ticket"),
                Sha256.MAX_PRESENTED_LENGTH));
        Optional<String> code = JsonBody.optionalText(object, "code");
        Optional<String> recoveryCode = JsonBody.optionalText(object, "recoveryCode");
        Optional<JsonNode> passkey = Optional.ofNullable(object.get("passkey")).filter(value -> !value.isNull());
        if (Stream.of(code, recoveryCode, passkey).filter(Optional::isPresent).count() != 1) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "give one of code, recoveryCode and passkey");
        }
        return completeLogIn.completeLogIn(new CompleteLogInUseCase.Command(ticket,
                        code.map(text -> JsonBody.parse(() -> TotpCode.parse("code", text))),
                        recoveryCode.map(text -> JsonBody.parse(() -> RecoveryCode.parse("recoveryCode", text))),
                        passkey.map(credential -> PublicKeyCredentialJson.write(json, credential,
                                "an assertion of a passkey")),
                        requesters.anonymous(request)))
                .match(loggedIn -> loggedIn(loggedIn.tokens()),
                        wrongCode -> ErrorResponses.of(SecondFactorErrorCode.INVALID_SECOND_FACTOR),
                        ticketInvalid -> ErrorResponses.of(SecondFactorErrorCode.LOGIN_TICKET_INVALID),
                        throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()),
                        totpLocked -> ErrorResponses.of(SecondFactorErrorCode.TOTP_LOCKED));
    }

    /** What every way of logging in answers when it succeeds. */
    static HttpResponse<?> loggedIn(IssuedTokens tokens) {
        return RefreshTokenCookie.set(HttpResponse.ok(new LogInResponse("Login successful", tokens.accessToken()))
                .header(HttpHeaders.CACHE_CONTROL, "no-store"), tokens.refreshToken(), tokens.refreshTokenTtl());
    }

    private static Credentials credentials(@Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"username\": ..., \"password\": ...}");
        return JsonBody.parse(() -> Credentials.of(JsonBody.text(json, "username"), JsonBody.text(json, "password")));
    }

    @Serdeable
    @Schema(name = "LogInResponse")
    record LogInResponse(String message, String accessToken) {
    }

    /** The data of a 401 SECOND_FACTOR_REQUIRED: what the client needs to complete the login. */
    @Serdeable
    @Schema(name = "SecondFactorChallenge", description = "ticket: for POST /api/login/second-factor, good once; "
            + "methods: how the account's user may prove the second factor (totp, recovery-code, and passkey when "
            + "they hold one); expiresIn: the ticket's lifetime in seconds")
    record SecondFactorChallenge(String ticket,
                                 @Schema(example = "[\"totp\", \"recovery-code\", \"passkey\"]")
                                 List<String> methods,
                                 long expiresIn) {
        @Override
        public String toString() {
            return "SecondFactorChallenge[****]";
        }
    }
}

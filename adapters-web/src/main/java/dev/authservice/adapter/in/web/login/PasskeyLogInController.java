package dev.authservice.adapter.in.web.login;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.passkey.PasskeyErrorCode;
import dev.authservice.adapter.in.web.passkey.PasskeysController;
import dev.authservice.adapter.in.web.passkey.PublicKeyCredentialJson;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.secondfactor.SecondFactorErrorCode;
import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase;
import dev.authservice.application.login.port.in.PasskeyRequestOptions;
import dev.authservice.domain.Require;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
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

/**
 * Logging in with a passkey: the request options, then the assertion. A browser passes {@code data.publicKey} of the
 * options to {@code PublicKeyCredential.parseRequestOptionsFromJSON} and that to {@code navigator.credentials.get},
 * and sends what {@code toJSON()} makes of the answer. Without a relying party the paths do not exist.
 */
@Controller("/api/login/passkey")
@Requires(beans = RelyingParty.class)
@Secured(SecurityRule.IS_ANONYMOUS)
class PasskeyLogInController implements PasskeyLogInApi {

    private final BeginPasskeyLogInUseCase begin;
    private final LogInWithPasskeyUseCase logIn;
    private final Requesters requesters;
    private final JsonMapper json;

    PasskeyLogInController(BeginPasskeyLogInUseCase begin, LogInWithPasskeyUseCase logIn, Requesters requesters,
                           JsonMapper json) {
        this.begin = begin;
        this.logIn = logIn;
        this.requesters = requesters;
        this.json = json;
    }

    /** Body {@code {}} for a passkey alone, or {@code {"ticket": ...}} for the second factor of a pending login. */
    @Override
    @Post("/options")
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @PasskeyLogInOptionsEnvelope Envelope<LogInOptions> options(
            HttpRequest<?> request,
            @Body @Nullable JsonNode body) {
        JsonNode object = JsonBody.object(body, "{} or {\"ticket\": ...}");
        return begin.beginPasskeyLogIn(new BeginPasskeyLogInUseCase.Command(JsonBody.optionalText(object, "ticket")
                        .map(ticket -> JsonBody.parse(() -> Require.text("ticket", ticket,
                                Sha256.MAX_PRESENTED_LENGTH))),
                        requesters.anonymous(request).clientAddress()))
                .match(started -> Envelope.ok(LogInOptions.of(started.options())),
                        ticketInvalid -> {
                            throw new ApiException(SecondFactorErrorCode.LOGIN_TICKET_INVALID);
                        },
                        noPasskey -> {
                            throw new ApiException(PasskeyErrorCode.PASSKEY_NOT_FOUND);
                        },
                        throttled -> {
                            throw new ApiException(PasskeyErrorCode.TOO_MANY_PASSKEY_CHALLENGES,
                                    throttled.retryAfter());
                        });
    }

    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        String assertion = PublicKeyCredentialJson.write(json,
                JsonBody.object(body, "PublicKeyCredential.toJSON() of an assertion"), "an assertion of a passkey");
        return logIn.logInWithPasskey(new LogInWithPasskeyUseCase.Command(assertion, requesters.anonymous(request)))
                .match(loggedIn -> LogInController.loggedIn(loggedIn.tokens()),
                        malformed -> {
                            throw new ApiException(CommonErrorCode.INVALID_INPUT,
                                    "the body is not an assertion of a passkey: PublicKeyCredential.toJSON()");
                        },
                        challengeRefused -> ErrorResponses.of(PasskeyErrorCode.PASSKEY_CHALLENGE_INVALID),
                        refused -> ErrorResponses.of(PasskeyErrorCode.PASSKEY_LOGIN_FAILED),
                        throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()));
    }

    /** The data of the options: {@code {"publicKey": ...}}, as a browser's JSON helpers take it. */
    @Serdeable
    @Schema(name = "PasskeyLogInOptions")
    record LogInOptions(RequestOptions publicKey) {

        static LogInOptions of(PasskeyRequestOptions options) {
            return new LogInOptions(new RequestOptions(options.challenge().base64Url(), options.rpId(),
                    options.timeout().toMillis(),
                    options.allowCredentials().stream().map(held -> new PasskeysController.CredentialDescriptor(
                            held.id().toString(), held.transports())).toList(),
                    options.userVerificationRequired() ? "required" : "preferred"));
        }
    }

    /** {@code PublicKeyCredentialRequestOptionsJSON} (WebAuthn Level 3); an empty list is written as one. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PublicKeyCredentialRequestOptions")
    record RequestOptions(String challenge, String rpId, @Schema(description = "Milliseconds") long timeout,
                          @Schema(description = "Empty for a passkey alone: the authenticator offers what it holds")
                          List<PasskeysController.CredentialDescriptor> allowCredentials,
                          @Schema(description = "required for a passkey alone, preferred for a second factor")
                          String userVerification) {
    }
}

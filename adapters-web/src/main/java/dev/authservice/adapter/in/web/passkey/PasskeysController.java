package dev.authservice.adapter.in.web.passkey;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.passkey.port.in.ListMyPasskeysUseCase;
import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.application.passkey.port.in.RegisterPasskeyUseCase;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The caller's passkeys (WebAuthn): registration in two steps, the list, and deleting one. The bodies are the JSON
 * forms of WebAuthn Level 3, so a browser passes the options to
 * {@code PublicKeyCredential.parseCreationOptionsFromJSON} and sends back what {@code PublicKeyCredential.toJSON()}
 * makes of the new credential. Whose passkeys is taken from
 * the token; another user's passkey is "not found", exactly as an unknown one. Without a relying party configured
 * (outside dev and test, see {@code WebAuthnFactory}) the paths do not exist.
 */
@Controller(PasskeysController.PATH)
@Requires(beans = RelyingParty.class)
@Secured(SecurityRule.IS_AUTHENTICATED)
public class PasskeysController implements PasskeysApi {

    static final String PATH = "/api/user/passkeys";
    private static final String REGISTRATION = "the registration of a passkey";

    private final BeginPasskeyRegistrationUseCase beginRegistration;
    private final RegisterPasskeyUseCase register;
    private final ListMyPasskeysUseCase listPasskeys;
    private final DeleteMyPasskeyUseCase deletePasskey;
    private final Requesters requesters;
    private final JsonMapper json;

    PasskeysController(BeginPasskeyRegistrationUseCase beginRegistration, RegisterPasskeyUseCase register,
                       ListMyPasskeysUseCase listPasskeys, DeleteMyPasskeyUseCase deletePasskey,
                       Requesters requesters, JsonMapper json) {
        this.beginRegistration = beginRegistration;
        this.register = register;
        this.listPasskeys = listPasskeys;
        this.deletePasskey = deletePasskey;
        this.requesters = requesters;
        this.json = json;
    }

    @Override
    @Post("/registration-options")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @PasskeyOptionsEnvelope Envelope<RegistrationOptions> registrationOptions(
            HttpRequest<?> request,
            Authentication authentication) {
        Caller caller = Caller.of(authentication);
        return beginRegistration.beginPasskeyRegistration(new BeginPasskeyRegistrationUseCase.Command(
                        caller.userId(), caller.authenticatedAt(), caller.username(),
                        caller.nickname() == null ? "" : caller.nickname(), requesters.caller(request, authentication)))
                .match(started -> Envelope.ok(RegistrationOptions.of(started.options())),
                        limitReached -> {
                            throw new ApiException(PasskeyErrorCode.TOO_MANY_PASSKEYS);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    /**
     * Body: what {@code PublicKeyCredential.toJSON()} makes of the new credential, plus an optional {@code name}.
     * The challenge it answers is used up whatever the outcome.
     */
    @Override
    @Post
    @Status(HttpStatus.CREATED)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<@PasskeyEnvelope Envelope<PasskeyResponse>> registerPasskey(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
        RegisterPasskeyUseCase.Command command = command(body, Caller.of(authentication),
                requesters.caller(request, authentication));
        return register.registerPasskey(command).match(
                registered -> {
                    PasskeyResponse passkey = PasskeyResponse.of(registered.passkey());
                    return HttpResponse.created(Envelope.ok(passkey), URI.create(PATH + "/" + passkey.id()));
                },
                malformed -> {
                    throw notAResponse();
                },
                challengeRefused -> {
                    throw new ApiException(PasskeyErrorCode.PASSKEY_CHALLENGE_INVALID);
                },
                wrongOrigin -> {
                    throw new ApiException(PasskeyErrorCode.PASSKEY_ORIGIN_REFUSED);
                },
                verificationFailed -> {
                    throw new ApiException(PasskeyErrorCode.PASSKEY_VERIFICATION_FAILED);
                },
                taken -> {
                    throw new ApiException(PasskeyErrorCode.PASSKEY_ALREADY_REGISTERED);
                },
                limitReached -> {
                    throw new ApiException(PasskeyErrorCode.TOO_MANY_PASSKEYS);
                },
                reauthenticationRequired -> {
                    throw ReauthenticationErrorCode.required();
                });
    }

    /** The response is handed on without {@code name}, which is ours, not WebAuthn's. */
    private RegisterPasskeyUseCase.Command command(@Nullable JsonNode body, Caller caller, Requester requester) {
        JsonNode object = JsonBody.object(body, "PublicKeyCredential.toJSON() of a new passkey, plus \"name\": ...");
        Optional<PasskeyName> name = JsonBody.optionalText(object, "name")
                .map(text -> JsonBody.parse(() -> new PasskeyName(text)));
        Map<String, JsonNode> credential = new LinkedHashMap<>();
        object.entries().forEach(entry -> {
            if (!entry.getKey().equals("name")) {
                credential.put(entry.getKey(), entry.getValue());
            }
        });
        return new RegisterPasskeyUseCase.Command(caller.userId(), caller.authenticatedAt(),
                PublicKeyCredentialJson.write(json,
                JsonNode.createObjectNode(credential), REGISTRATION), name, requester);
    }

    private static ApiException notAResponse() {
        return new ApiException(CommonErrorCode.INVALID_INPUT,
                "the body is not " + REGISTRATION + ": PublicKeyCredential.toJSON()");
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @PasskeyListEnvelope Envelope<List<PasskeyResponse>> passkeys(Authentication authentication) {
        return listPasskeys.listMyPasskeys(new ListMyPasskeysUseCase.Query(Caller.of(authentication).userId()))
                .match(listed -> Envelope.ok(listed.passkeys().stream().map(PasskeyResponse::of).toList()));
    }

    @Override
    @Delete("/{passkeyId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> delete(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String passkeyId) {
        CredentialId id = PathIds.parse(passkeyId, CredentialId::of, PasskeyErrorCode.PASSKEY_NOT_FOUND);
        Caller caller = Caller.of(authentication);
        return deletePasskey.deleteMyPasskey(new DeleteMyPasskeyUseCase.Command(caller.userId(),
                        caller.authenticatedAt(), id, requesters.caller(request, authentication)))
                .match(deleted -> HttpResponse.noContent(),
                        notFound -> {
                            throw new ApiException(PasskeyErrorCode.PASSKEY_NOT_FOUND);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    /** What the list shows of a passkey: never its key. {@code lastUsedAt} is {@code null} until it is used. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "Passkey")
    record PasskeyResponse(
            @Schema(description = "The credential id, base64url: the passkey's id in paths") String id,
            String name,
            @Schema(description = "The authenticator model's AAGUID; all zeros when it does not say") String aaguid,
            @Schema(description = "Whether it may be synced to other devices") boolean backupEligible,
            @Schema(description = "Whether it is synced now") boolean backedUp,
            List<String> transports,
            String createdAt,
            @Nullable String lastUsedAt) {

        static PasskeyResponse of(Passkey passkey) {
            return new PasskeyResponse(passkey.id().toString(), passkey.name().value(), passkey.aaguid().toString(),
                    passkey.backupEligible(), passkey.backedUp(), passkey.transports(),
                    Timestamps.iso(passkey.createdAt()), passkey.lastUsedAt().map(Timestamps::iso).orElse(null));
        }
    }

    /** The data of the registration options: {@code {"publicKey": ...}}, as a browser's JSON helpers take it. */
    @Serdeable
    @Schema(name = "PasskeyRegistrationOptions")
    record RegistrationOptions(CreationOptions publicKey) {

        static RegistrationOptions of(PasskeyCreationOptions options) {
            return new RegistrationOptions(new CreationOptions(options.challenge().base64Url(),
                    new RelyingPartyEntity(options.relyingParty().id(), options.relyingParty().name()),
                    new UserEntity(options.userHandle().base64Url(), options.userName(), options.userDisplayName()),
                    Passkey.ALGORITHMS.stream().map(CredentialParameters::new).toList(),
                    options.timeout().toMillis(),
                    options.excludeCredentials().stream()
                            .map(held -> new CredentialDescriptor(held.id().toString(), held.transports()))
                            .toList(),
                    AuthenticatorSelection.DISCOVERABLE_AND_VERIFIED, "none"));
        }
    }

    /**
     * {@code PublicKeyCredentialCreationOptionsJSON} (WebAuthn Level 3); binary values in base64url. An empty list
     * is written as one, not left out.
     */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PublicKeyCredentialCreationOptions")
    record CreationOptions(String challenge, RelyingPartyEntity rp, UserEntity user,
                           List<CredentialParameters> pubKeyCredParams,
                           @Schema(description = "Milliseconds") long timeout,
                           List<CredentialDescriptor> excludeCredentials,
                           AuthenticatorSelection authenticatorSelection,
                           String attestation) {
    }

    @Serdeable
    @Schema(name = "PublicKeyCredentialRpEntity")
    record RelyingPartyEntity(String id, String name) {
    }

    @Serdeable
    @Schema(name = "PublicKeyCredentialUserEntity")
    record UserEntity(@Schema(description = "The user handle, base64url: random, not the username") String id,
                      String name, String displayName) {
    }

    @Serdeable
    @Schema(name = "PublicKeyCredentialParameters")
    record CredentialParameters(String type, @Schema(description = "A COSE algorithm") int alg) {
        CredentialParameters(int alg) {
            this("public-key", alg);
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PublicKeyCredentialDescriptor")
    public record CredentialDescriptor(String type, String id, List<String> transports) {
        public CredentialDescriptor(String id, List<String> transports) {
            this("public-key", id, transports);
        }
    }

    /** Always a discoverable credential (a passkey) with user verification: it must serve alone, for a login. */
    @Serdeable
    @Schema(name = "AuthenticatorSelectionCriteria")
    record AuthenticatorSelection(String residentKey, boolean requireResidentKey, String userVerification) {
        static final AuthenticatorSelection DISCOVERABLE_AND_VERIFIED =
                new AuthenticatorSelection("required", true, "required");
    }
}

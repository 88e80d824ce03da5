package dev.authservice.application.passkey.service;

import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import java.time.Clock;
import java.util.List;

public final class BeginPasskeyRegistrationService implements BeginPasskeyRegistrationUseCase {

    /** WebAuthn allows up to 64 bytes; 32 random ones name a user among any number without saying who. */
    static final int USER_HANDLE_BYTES = 32;

    private final PasskeyStore passkeys;
    private final PasskeyChallengeStore challenges;
    private final RelyingParty relyingParty;
    private final StepUp stepUp;
    private final RandomSource random;
    private final Clock clock;

    public BeginPasskeyRegistrationService(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                           RelyingParty relyingParty, StepUp stepUp, RandomSource random,
                                           Clock clock) {
        this.passkeys = passkeys;
        this.stepUp = stepUp;
        this.challenges = challenges;
        this.relyingParty = relyingParty;
        this.random = random;
        this.clock = clock;
    }

    /**
     * The user handle is the one the user's passkeys carry, so that an authenticator sees one account however many
     * passkeys it holds; a user without any gets a new random one, kept with their first passkey.
     */
    @Override
    public Result beginPasskeyRegistration(Command command) {
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), clock.instant())) {
            return new Result.ReauthenticationRequired();
        }
        List<Passkey> held = passkeys.findByOwner(command.userId());
        if (!Passkey.mayAddTo(held.size())) {
            return new Result.LimitReached();
        }
        ByteString userHandle = held.stream().map(Passkey::userHandle).findFirst()
                .orElseGet(() -> ByteString.of(random.bytes(USER_HANDLE_BYTES)));
        PasskeyChallenge challenge = PasskeyChallenge.issue(ByteString.of(random.bytes(PasskeyChallenge.BYTES)),
                command.userId(), userHandle, clock.instant());
        challenges.issue(challenge);
        String displayName = command.displayName().isBlank() ? command.username().value() : command.displayName();
        return new Result.Started(new PasskeyCreationOptions(challenge.value(), relyingParty, userHandle,
                command.username().value(), displayName, PasskeyChallenge.LIFETIME,
                held.stream().map(passkey -> new PasskeyCreationOptions.ExistingPasskey(passkey.id(),
                        passkey.transports())).toList()));
    }
}

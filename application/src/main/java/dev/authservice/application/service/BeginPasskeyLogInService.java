package dev.authservice.application.service;

import dev.authservice.application.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.port.in.PasskeyCreationOptions;
import dev.authservice.application.port.in.PasskeyRequestOptions;
import dev.authservice.application.port.out.PasskeyChallengeStore;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.PendingLoginStore;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public final class BeginPasskeyLogInService implements BeginPasskeyLogInUseCase {

    private final PasskeyStore passkeys;
    private final PasskeyChallengeStore challenges;
    private final PendingLoginStore pendingLogins;
    private final RelyingParty relyingParty;
    private final RandomSource random;
    private final Clock clock;

    public BeginPasskeyLogInService(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                    PendingLoginStore pendingLogins, RelyingParty relyingParty, RandomSource random,
                                    Clock clock) {
        this.passkeys = passkeys;
        this.challenges = challenges;
        this.pendingLogins = pendingLogins;
        this.relyingParty = relyingParty;
        this.random = random;
        this.clock = clock;
    }

    @Override
    public Result beginPasskeyLogIn(Command command) {
        Instant now = clock.instant();
        if (command.ticket().isEmpty()) {
            return new Result.Started(options(Optional.empty(), List.of(), true, now));
        }
        Optional<LoginTicketHash> ticket = LoginTicketHash.ofPresented(command.ticket().get());
        return PendingLogin.present(ticket.flatMap(pendingLogins::find), now).match(
                usable -> {
                    List<Passkey> held = passkeys.findByOwner(usable.open().userId());
                    return held.isEmpty() ? new Result.NoPasskey()
                            : new Result.Started(options(ticket, held, false, now));
                },
                refused -> new Result.TicketInvalid());
    }

    private PasskeyRequestOptions options(Optional<LoginTicketHash> ticket, List<Passkey> allowed,
                                          boolean userVerificationRequired, Instant now) {
        PasskeyLoginChallenge challenge = PasskeyLoginChallenge.issue(
                ByteString.of(random.bytes(PasskeyChallenge.BYTES)), ticket, now);
        challenges.issueForLogin(challenge);
        return new PasskeyRequestOptions(challenge.value(), relyingParty.id(), PasskeyChallenge.LIFETIME,
                allowed.stream().map(passkey -> new PasskeyCreationOptions.ExistingPasskey(passkey.id(),
                        passkey.transports())).toList(), userVerificationRequired);
    }
}

package dev.authservice.application.login.service;

import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.login.port.in.PasskeyRequestOptions;
import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.application.passkey.port.in.PasskeyCreationOptions;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
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
    private final OpenPerAddressLimit limit;
    private final RandomSource random;
    private final Clock clock;

    public BeginPasskeyLogInService(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                    PendingLoginStore pendingLogins, RelyingParty relyingParty,
                                    OpenPerAddressLimit limit, RandomSource random, Clock clock) {
        this.passkeys = passkeys;
        this.challenges = challenges;
        this.pendingLogins = pendingLogins;
        this.relyingParty = relyingParty;
        this.limit = limit;
        this.random = random;
        this.clock = clock;
    }

    @Override
    public Result beginPasskeyLogIn(Command command) {
        Instant now = clock.instant();
        if (command.ticket().isEmpty()) {
            return issue(Optional.empty(), List.of(), true, command.client(), now);
        }
        Optional<LoginTicketHash> ticket = LoginTicketHash.ofPresented(command.ticket().get());
        return PendingLogin.present(ticket.flatMap(pendingLogins::find), now).match(
                usable -> {
                    List<Passkey> held = passkeys.findByOwner(usable.open().userId());
                    return held.isEmpty() ? new Result.NoPasskey()
                            : issue(ticket, held, false, command.client(), now);
                },
                refused -> new Result.TicketInvalid());
    }

    /** Throttled when the client holds as many open for a passkey alone as the limit lets it: nothing is kept. */
    private Result issue(Optional<LoginTicketHash> ticket, List<Passkey> allowed, boolean userVerificationRequired,
                         ClientAddress client, Instant now) {
        PasskeyLoginChallenge challenge = PasskeyLoginChallenge.issue(
                ByteString.of(random.bytes(PasskeyChallenge.BYTES)), ticket, client, now);
        return challenges.issueForLogin(challenge, limit).<Result>map(Result.Throttled::new)
                .orElseGet(() -> new Result.Started(new PasskeyRequestOptions(challenge.value(), relyingParty.id(),
                        PasskeyChallenge.LIFETIME, allowed.stream().map(passkey ->
                                new PasskeyCreationOptions.ExistingPasskey(passkey.id(), passkey.transports()))
                                .toList(), userVerificationRequired)));
    }
}

package dev.authservice.application.passkey.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.passkey.port.in.RegisterPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.passkey.RelyingParty;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RegisterPasskeyService implements RegisterPasskeyUseCase {

    private final PasskeyStore passkeys;
    private final PasskeyChallengeStore challenges;
    private final PasskeyVerifier verifier;
    private final RelyingParty relyingParty;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public RegisterPasskeyService(PasskeyStore passkeys, PasskeyChallengeStore challenges, PasskeyVerifier verifier,
                                  RelyingParty relyingParty, CredentialChanges changes, StepUp stepUp, AuditLog audit,
                                  Clock clock) {
        this.stepUp = stepUp;
        this.passkeys = passkeys;
        this.challenges = challenges;
        this.verifier = verifier;
        this.relyingParty = relyingParty;
        this.changes = changes;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * The challenge is taken out of the store before anything is verified, so a response is tried once whatever
     * its outcome, and two requests with one response never both get past this point.
     */
    @Override
    public Result registerPasskey(Command command) {
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), clock.instant())) {
            return new Result.ReauthenticationRequired();
        }
        Optional<ByteString> claimed = verifier.challengeOf(command.response());
        if (claimed.isEmpty()) {
            return new Result.Malformed();
        }
        Optional<PasskeyChallenge> taken = challenges.take(command.userId(), claimed.get());
        Instant now = clock.instant();
        if (taken.isEmpty()) {
            return failed(command, now, AuditOutcome.UNKNOWN_CHALLENGE, new Result.ChallengeRefused());
        }
        PasskeyChallenge challenge = taken.get();
        if (challenge.isExpiredAt(now)) {
            return failed(command, now, AuditOutcome.CHALLENGE_EXPIRED, new Result.ChallengeRefused());
        }
        return verifier.verifyRegistration(command.response(), relyingParty, challenge.value()).match(
                verified -> store(command, challenge, verified, now),
                wrongOrigin -> failed(command, now, AuditOutcome.WRONG_ORIGIN, new Result.WrongOrigin()),
                refused -> failed(command, now, AuditOutcome.VERIFICATION_FAILED, new Result.VerificationFailed()));
    }

    /**
     * The limit is read before the insert: two registrations of one user finishing at the same moment may both
     * pass it, each having had a challenge and a user gesture of its own; the limit keeps a list short, it guards
     * no secret.
     */
    private Result store(Command command, PasskeyChallenge challenge, PasskeyVerifier.Registration.Verified verified,
                         Instant now) {
        if (!Passkey.mayAddTo(passkeys.findByOwner(command.userId()).size())) {
            return failed(command, now, AuditOutcome.TOO_MANY_PASSKEYS, new Result.LimitReached());
        }
        Passkey passkey = Passkey.register(verified.credentialId(), command.userId(), challenge.userHandle(),
                command.name().orElseGet(() -> PasskeyName.byDefault(now)), verified.publicKey(),
                verified.signCount(), verified.backupEligible(), verified.backedUp(), verified.transports(),
                verified.aaguid(), now);
        if (!changes.make(Change.byTheUser(command.userId(), CredentialChange.PASSKEY_ADDED, command.requester(), now),
                () -> passkeys.add(passkey))) {
            return failed(command, now, AuditOutcome.CREDENTIAL_TAKEN, new Result.AlreadyRegistered());
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_REGISTERED, now, command.requester())
                .about(command.userId()));
        return new Result.Registered(passkey);
    }

    private Result failed(Command command, Instant now, AuditOutcome why, Result result) {
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_REGISTRATION_FAILED, now, command.requester())
                .about(command.userId()).outcome(why));
        return result;
    }
}

package dev.authservice.application.service;

import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.domain.token.AccessToken;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class AuthenticateService implements AuthenticateUseCase {

    /** iat and exp are whole seconds, each rounded down: a lifetime that is not may read up to a second longer. */
    private static final Duration NUMERIC_DATE_ROUNDING = Duration.ofSeconds(1);

    private final AccessTokenCodec codec;
    private final RevokedSessions revokedSessions;
    private final TokenPolicy policy;
    private final Clock clock;

    public AuthenticateService(AccessTokenCodec codec, RevokedSessions revokedSessions, TokenPolicy policy,
                               Clock clock) {
        this.codec = codec;
        this.revokedSessions = revokedSessions;
        this.policy = policy;
        this.clock = clock;
    }

    @Override
    public Result authenticate(String accessToken) {
        Optional<AccessToken> decoded = codec.decode(accessToken);
        if (decoded.isEmpty()) {
            return new Result.Rejected(Reason.INVALID);
        }
        AccessToken token = decoded.get();
        Instant now = clock.instant();
        if (!token.issuer().equals(policy.issuer()) || token.isFromTheFuture(now, policy.clockSkew())) {
            return new Result.Rejected(Reason.INVALID);
        }
        // A token living longer than this service makes them (issued under an older, longer ttl) could outlive its
        // session's entry on the revocation list, which is kept for one ttl: refused, so its client refreshes.
        if (token.timeToLive().compareTo(policy.accessTokenTtl().plus(NUMERIC_DATE_ROUNDING)) > 0) {
            return new Result.Rejected(Reason.INVALID);
        }
        if (token.isExpiredAt(now, policy.clockSkew())) {
            return new Result.Rejected(Reason.EXPIRED);
        }
        if (revokedSessions.isRevoked(token.sessionId())) {
            return new Result.Rejected(Reason.REVOKED);
        }
        return new Result.Authenticated(token);
    }
}

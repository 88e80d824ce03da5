package dev.authservice.application.service;

import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.domain.token.AccessToken;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class AuthenticateService implements AuthenticateUseCase {

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
        if (token.isExpiredAt(now, policy.clockSkew())) {
            return new Result.Rejected(Reason.EXPIRED);
        }
        if (revokedSessions.isRevoked(token.sessionId())) {
            return new Result.Rejected(Reason.REVOKED);
        }
        return new Result.Authenticated(token);
    }
}

package dev.authservice.application.session.service;

import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.TokenPolicy;
import java.time.Clock;
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
    public Result authenticate(Query query) {
        Optional<AccessToken> decoded = codec.decode(query.accessToken());
        if (decoded.isEmpty()) {
            return new Result.Refused(Refusal.INVALID);
        }
        AccessToken token = decoded.get();
        return switch (policy.judge(token, clock.instant())) {
            case INVALID -> new Result.Refused(Refusal.INVALID);
            case EXPIRED -> new Result.Refused(Refusal.EXPIRED);
            case VALID -> revokedSessions.isRevoked(token.sessionId())
                    ? new Result.Refused(Refusal.REVOKED)
                    : new Result.Authenticated(token);
        };
    }
}

package dev.authservice.application.session.service;

import dev.authservice.application.session.port.in.PublishTokenKeysUseCase;
import dev.authservice.application.session.port.out.PublicTokenKeys;
import dev.authservice.domain.session.TokenPolicy;

public final class PublishTokenKeysService implements PublishTokenKeysUseCase {

    private final PublicTokenKeys keys;
    private final TokenPolicy policy;

    public PublishTokenKeysService(PublicTokenKeys keys, TokenPolicy policy) {
        this.keys = keys;
        this.policy = policy;
    }

    @Override
    public Result publishTokenKeys(Query query) {
        return keys.jwks().isEmpty() ? new Result.SharedSecret()
                : new Result.Published(policy.issuer(), keys.algorithm(), keys.jwks());
    }
}

package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** A row of {@code passkey_challenges}: the user's one registration under way; bytes as base64url. */
@MappedEntity(value = "passkey_challenges", escape = false)
record PasskeyChallengeRow(@Id UUID userId, String challenge, String userHandle, Instant expiresAt) {

    static PasskeyChallengeRow of(PasskeyChallenge challenge) {
        return new PasskeyChallengeRow(challenge.userId().value(), challenge.value().base64Url(),
                challenge.userHandle().base64Url(), challenge.expiresAt());
    }

    PasskeyChallenge toChallenge() {
        return new PasskeyChallenge(ByteString.base64Url("challenge", challenge), new UserId(userId),
                ByteString.base64Url("userHandle", userHandle), expiresAt);
    }
}

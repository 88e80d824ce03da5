package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.Optional;

/**
 * A row of {@code passkey_login_challenges}: the challenge as base64url, the ticket's hash or NULL for none, the
 * client as the domain counts it.
 */
@MappedEntity(value = "passkey_login_challenges", escape = false)
record PasskeyLoginChallengeRow(@Id String challenge, @Nullable String ticketHash, String clientAddress,
                                Instant expiresAt) {

    static PasskeyLoginChallengeRow of(PasskeyLoginChallenge challenge) {
        return new PasskeyLoginChallengeRow(challenge.value().base64Url(),
                challenge.ticket().map(LoginTicketHash::hex).orElse(null), challenge.client(),
                challenge.expiresAt());
    }

    PasskeyLoginChallenge toChallenge() {
        return new PasskeyLoginChallenge(ByteString.base64Url("challenge", challenge),
                Optional.ofNullable(ticketHash).map(LoginTicketHash::new), clientAddress, expiresAt);
    }
}

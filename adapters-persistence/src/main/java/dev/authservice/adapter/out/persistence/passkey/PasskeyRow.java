package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyName;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code passkeys}: bytes as base64url, the transports comma-separated, never used as NULL. */
@MappedEntity(value = "passkeys", escape = false)
record PasskeyRow(
        @Id String credentialId,
        UUID userId,
        String userHandle,
        String name,
        String publicKey,
        long signCount,
        boolean backupEligible,
        boolean backedUp,
        String transports,
        UUID aaguid,
        Instant createdAt,
        @Nullable Instant lastUsedAt) {

    static PasskeyRow of(Passkey passkey) {
        return new PasskeyRow(passkey.id().toString(), passkey.ownerId().value(), passkey.userHandle().base64Url(),
                passkey.name().value(), passkey.publicKey().base64Url(), passkey.signCount(),
                passkey.backupEligible(), passkey.backedUp(), String.join(",", passkey.transports()),
                passkey.aaguid(), passkey.createdAt(), passkey.lastUsedAt().orElse(null));
    }

    Passkey toPasskey() {
        return new Passkey(CredentialId.of(credentialId), new UserId(userId),
                ByteString.base64Url("userHandle", userHandle), new PasskeyName(name),
                ByteString.base64Url("publicKey", publicKey), signCount, backupEligible, backedUp,
                transports.isEmpty() ? List.of() : Arrays.asList(transports.split(",")), aaguid, createdAt,
                Optional.ofNullable(lastUsedAt));
    }
}

package dev.authservice.adapter.out.crypto.secondfactor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.secondfactor.SealedSecret;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class AesGcmSecretSealerTest {

    private static final String KEY_1 = Base64.getEncoder().encodeToString(new byte[32]);
    private static final String KEY_2 = Base64.getEncoder().encodeToString(filled(32, 7));
    private static final byte[] SECRET = filled(20, 42);

    private static byte[] filled(int length, int value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }

    @Test
    void opensWhatItSealedAndNoPlaintextShows() {
        AesGcmSecretSealer sealer = AesGcmSecretSealer.withKeys(KEY_1, List.of());
        SealedSecret sealed = sealer.seal(SECRET);
        assertArrayEquals(SECRET, sealer.open(sealed));
        assertEquals(12 + 20 + 16, sealed.ciphertext().length);
        assertFalse(Arrays.equals(SECRET, Arrays.copyOfRange(sealed.ciphertext(), 12, 32)));
        assertNotEquals(sealed, sealer.seal(SECRET), "a nonce of its own each time");
    }

    @Test
    void aRotatedKeyStillOpensWhatItSealedWhileItIsAmongThePreviousOnes() {
        SealedSecret underOld = AesGcmSecretSealer.withKeys(KEY_1, List.of()).seal(SECRET);
        AesGcmSecretSealer rotated = AesGcmSecretSealer.withKeys(KEY_2, List.of(KEY_1));
        assertArrayEquals(SECRET, rotated.open(underOld));
        assertNotEquals(underOld.keyId(), rotated.seal(SECRET).keyId());
        assertThrows(IllegalStateException.class,
                () -> AesGcmSecretSealer.withKeys(KEY_2, List.of()).open(underOld));
    }

    @Test
    void aChangedCiphertextDoesNotOpen() {
        AesGcmSecretSealer sealer = AesGcmSecretSealer.withKeys(KEY_1, List.of());
        byte[] bytes = sealer.seal(SECRET).ciphertext();
        bytes[20] ^= 1;
        SealedSecret tampered = new SealedSecret(sealer.seal(SECRET).keyId(), bytes);
        assertThrows(IllegalStateException.class, () -> sealer.open(tampered));
    }

    @Test
    void aKeyIsThirtyTwoBytesOfBase64() {
        assertThrows(IllegalArgumentException.class,
                () -> AesGcmSecretSealer.withKeys(Base64.getEncoder().encodeToString(new byte[16]), List.of()));
        assertThrows(IllegalArgumentException.class, () -> AesGcmSecretSealer.withKeys("not base64!", List.of()));
        assertFalse(AesGcmSecretSealer.withRandomKey().toString().contains(KEY_1));
    }
}

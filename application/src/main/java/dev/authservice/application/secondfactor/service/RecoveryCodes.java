package dev.authservice.application.secondfactor.service;

import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.secondfactor.RecoveryCode;
import java.util.List;
import java.util.stream.Stream;

/** A new set of recovery codes, as a confirmation and a renewal hand them out. */
final class RecoveryCodes {

    private RecoveryCodes() {
    }

    static List<RecoveryCode> fresh(RandomSource random) {
        return Stream.generate(() -> RecoveryCode.fromRandom(random.bytes(RecoveryCode.RANDOM_BYTES)))
                .limit(RecoveryCode.COUNT).toList();
    }

    /** What the store keeps of them. */
    static List<RecoveryCode.Hash> hashes(List<RecoveryCode> codes) {
        return codes.stream().map(RecoveryCode::hash).toList();
    }

    /** What the user is shown, once. */
    static List<String> shown(List<RecoveryCode> codes) {
        return codes.stream().map(RecoveryCode::shown).toList();
    }
}

package dev.authservice.adapter.out.unicode.user;

import com.ibm.icu.text.SpoofChecker;
import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.user.Username;

/**
 * The skeleton of Unicode TS #39 as ICU computes it from {@code confusables.txt}: NFD, each character replaced by its
 * prototype, NFD again. Taken of the name's case-mapped form, the form a person sees, so that {@code ɑlice} (a Latin
 * alpha), {@code alıce} (a dotless i) and Cyrillic {@code аlice} all have the skeleton of {@code alice}. Thread-safe:
 * a built {@link SpoofChecker} is.
 */
public final class IcuUsernameSkeletons implements UsernameSkeletons {

    @Override
    public String skeletonOf(Username username) {
        return Confusables.CHECKER.getSkeleton(username.value());
    }

    /** Loaded at the first skeleton, not at start: only adding a user needs one, and ICU's data takes a while. */
    private static final class Confusables {

        static final SpoofChecker CHECKER = new SpoofChecker.Builder().build();
    }
}

package dev.authservice.adapter.out.unicode.user;

import com.ibm.icu.text.SpoofChecker;
import com.ibm.icu.text.UnicodeSet;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.domain.user.Username;
import java.util.Optional;

/**
 * Unicode TS #39's checks of a new name, from ICU's copy of the Unicode data, on the name's case-mapped form:
 * <ul>
 *   <li>each character is of the General Security Profile (section 3.1, {@code Identifier_Status=Allowed}), so that
 *   small capitals ({@code ʙ}), turned letters ({@code ᴉ}) and the phonetic alpha ({@code ɑ}) are refused, not only
 *   the look-alikes whose skeletons are taken. Printable ASCII is left as PRECIS has it, symbols included, so that
 *   {@code bob.smith@example.com} stays a name; its look-alikes ({@code |} of {@code l}) are the skeletons' to catch;
 *   <li>no dot above (U+0307) where a letter's own dot hides it: after a {@code Soft_Dotted} letter such as {@code i}
 *   or {@code j}, after {@code l}, {@code ı} and {@code ȷ}, and after their look-alikes, with only marks between that
 *   do not stack above (ICU's hidden-overlay check). {@code ALİCE} is {@code i} and a dot above once lower-cased,
 *   and would read as {@code alice}, whose skeleton it does not share.
 * </ul>
 * Thread-safe: a frozen {@link UnicodeSet} and a built {@link SpoofChecker} are.
 */
public final class IcuUsernameSecurityProfile implements UsernameSecurityProfile {

    @Override
    public Optional<String> problemWith(Username username) {
        String name = username.value();
        int restricted = Profile.ALLOWED.span(name, UnicodeSet.SpanCondition.SIMPLE);
        if (restricted < name.length()) {
            return Optional.of(String.format("username must not hold U+%04X, a character Unicode restricts in"
                    + " identifiers (UTS #39)", name.codePointAt(restricted)));
        }
        if (Profile.HIDDEN_OVERLAY.failsChecks(name)) {
            return Optional.of("username must not put a dot above (U+0307) on a letter that shows a dot already,"
                    + " such as i or j");
        }
        return Optional.empty();
    }

    /** Loaded at the first new name, not at start, as the skeletons are. */
    private static final class Profile {

        static final UnicodeSet ALLOWED =
                new UnicodeSet("[[:Identifier_Status=Allowed:][\\u0021-\\u007E]]").freeze();
        static final SpoofChecker HIDDEN_OVERLAY =
                new SpoofChecker.Builder().setChecks(SpoofChecker.HIDDEN_OVERLAY).build();
    }
}

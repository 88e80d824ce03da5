package dev.authservice.application.user.port.out;

import dev.authservice.domain.user.Username;
import java.util.Optional;

/**
 * What Unicode TS #39 asks of an identifier beyond the form {@link Username} gives it, for a name a new account is to
 * take: characters of its General Security Profile only (those Unicode restricts are obsolete, technical or look like
 * common letters, as a small capital {@code ʙ} does), and no dot above (U+0307) on a letter that has one, such as
 * {@code i}. A name stored already keeps working: only a new one is judged.
 */
public interface UsernameSecurityProfile {

    /** Empty when a new account may take {@code username}; else what in it is refused, for the person choosing it. */
    Optional<String> problemWith(Username username);
}

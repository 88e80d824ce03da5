package dev.authservice.application.user.port.out;

import dev.authservice.domain.user.Username;

/**
 * The confusable skeleton of a username (Unicode TS #39, section 4): two names look alike when their skeletons are
 * equal, as {@code alice} and {@code ɑlice} (a Latin alpha) do. A {@link UserStore} keeps skeletons unique as it keeps
 * names unique, so that a new account cannot pass for an existing one. A skeleton is for comparing, never for showing.
 */
public interface UsernameSkeletons {

    /** Longest skeleton of a valid name: a character's is at most seven characters long (a Hangul syllable's). */
    int MAX_LENGTH = 8 * Username.MAX_LENGTH;

    String skeletonOf(Username username);
}

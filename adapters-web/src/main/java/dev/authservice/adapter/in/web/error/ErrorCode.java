package dev.authservice.adapter.in.web.error;

import io.micronaut.http.HttpStatus;

/**
 * An error the API answers with: its code, its HTTP status and the message a client sees when there is nothing more
 * to say. Each code is a constant of an enum declared beside what raises it: those any path may answer with in
 * {@link CommonErrorCode}, a resource's beside its controllers ({@code OrderErrorCode}), so a new resource adds its
 * codes without editing a shared list. Every code is in docs/error-codes.md, and no two share a name: a test holds
 * both.
 */
public interface ErrorCode {

    /** The code a client branches on, as {@code error.code}. */
    String name();

    Answer answer();

    default HttpStatus status() {
        return answer().status();
    }

    default String defaultMessage() {
        return answer().defaultMessage();
    }

    /** What an error code answers, when nothing more is said. */
    record Answer(HttpStatus status, String defaultMessage) {
    }
}

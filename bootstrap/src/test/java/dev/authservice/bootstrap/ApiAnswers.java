package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;

/** What the API's answers look like, checked the same way by every HTTP test of every resource. */
final class ApiAnswers {

    /** An instant as the API writes every one: ISO 8601, in UTC. */
    static final Pattern ISO_UTC = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");

    private ApiAnswers() {
    }

    /** The whole error envelope, with this status and code, and nothing of the service's insides in it. */
    static void assertError(Http.Answer answer, int status, String code) {
        assertAll(answer.toString(),
                () -> assertEquals(status, answer.status()),
                () -> assertTrue(answer.header("Content-Type").orElse("").startsWith("application/json")),
                () -> assertEquals(false, answer.json().get("success")),
                () -> assertTrue(answer.json().containsKey("data")),
                () -> assertNull(answer.json().get("data")),
                () -> assertEquals(code, answer.errorCode()),
                () -> assertFalse(answer.errorMessage().isBlank()),
                () -> assertTrue(ISO_UTC.matcher((String) answer.json().get("timestamp")).matches()),
                () -> assertFalse(answer.body().contains("Exception"), "no exception names"),
                () -> assertFalse(answer.body().contains("\tat "), "no stack traces"));
    }
}

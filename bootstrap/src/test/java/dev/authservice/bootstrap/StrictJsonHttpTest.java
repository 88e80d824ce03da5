package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A body is one JSON value and nothing else. A parser that keeps the last of two equal keys, or stops reading after
 * the value, sees another body than a proxy or a log that reads it differently: one of them is being lied to.
 */
@MicronautTest
class StrictJsonHttpTest {

    @Inject
    EmbeddedServer server;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"username\":\"alice\",\"password\":\"wrong\",\"password\":\"alice-password\"}",
            "{\"username\":\"bob\",\"username\":\"alice\",\"password\":\"alice-password\"}",
            "{\"username\":\"alice\",\"password\":\"alice-password\"} xyz",
            "{\"username\":\"alice\",\"password\":\"alice-password\"}{}",
            "{\"username\":\"alice\",\"password\":\"alice-password\"} 1"})
    void aDuplicatedKeyOrAnythingAfterTheValueIsInvalidInput(String body) {
        assertError(http.postJson("/api/login", body), 400, "INVALID_INPUT");
    }

    @Test
    void aDuplicatedKeyInsideANestedObjectIsInvalidInputToo() {
        TestUser user = TestUser.create(http);
        assertError(http.postJson("/api/user/orders", "{\"reference\":\"R-1\",\"totalAmount\":\"1.00\","
                + "\"currency\":\"EUR\",\"note\":\"x\",\"extra\":{\"a\":1,\"a\":2}}", "Authorization", user.bearer()),
                400, "INVALID_INPUT");
    }

    @Test
    void wellFormedBodiesWithSpaceAroundThemAreRead() {
        assertEquals(200, http.postJson("/api/login",
                "\n {\"username\":\"alice\",\"password\":\"alice-password\"} \r\n").status());
    }
}

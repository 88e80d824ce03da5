package dev.authservice.bootstrap;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The second factor as a client team meets it, with nothing but the OpenAPI description and standard libraries:
 * {@code src/test/openapi-client/second-factor-client.ts}, typed by the types openapi-typescript generates from the
 * description, calling through openapi-fetch and computing codes with otplib, compiled with tsc and run with node
 * against this service. It creates a user through the admin API, enrols a TOTP and logs in with a code, and is
 * refused a replayed code ({@code INVALID_SECOND_FACTOR}) and a used ticket ({@code LOGIN_TICKET_INVALID}), neither
 * of which starts a session or spends a code. Its output, one line per step, is in the failure message. The tools
 * are {@link OpenApiClientFolder}'s.
 */
@MicronautTest
class OpenApiSecondFactorClientTest {

    private static OpenApiClientFolder folder;

    @BeforeAll
    static void installTheTools() throws Exception {
        folder = OpenApiClientFolder.installFor(OpenApiSecondFactorClientTest.class);
    }

    @RegisterExtension
    final BeforeEachCallback nodeAndNpmThere = OpenApiClientFolder.NODE_AND_NPM::require;

    @Inject
    EmbeddedServer server;

    @Test
    void aTypedClientEnrolsATotpAndLogsInWithItWhileAReplayedCodeAndAUsedTicketAreRefused() throws Exception {
        folder.generateTypes();
        folder.assertSucceeds("tsc-second-factor-client", 120, folder.tool("tsc"), "--project",
                "tsconfig.second-factor-client.json");

        folder.assertSucceeds("second-factor-client", 120, "node", "run/second-factor-client.js",
                server.getURI().toString());
    }
}

package dev.authservice.bootstrap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The OpenAPI description as a client team takes it, checked with the tools such a team uses: Redocly CLI's
 * recommended rules find no error in it, and the TypeScript types openapi-typescript generates from it compile
 * together with a few lines that use them ({@code src/test/openapi-client/client.ts}). The tools, the folder they
 * run in and what they need are {@link OpenApiClientFolder}'s; a client built with them runs against the service in
 * {@link OpenApiSecondFactorClientTest}.
 */
class OpenApiClientTest {

    private static OpenApiClientFolder folder;

    @BeforeAll
    static void installTheTools() throws Exception {
        folder = OpenApiClientFolder.installFor(OpenApiClientTest.class);
    }

    @RegisterExtension
    final BeforeEachCallback nodeAndNpmThere = OpenApiClientFolder.NODE_AND_NPM::require;

    @Test
    void redoclysRecommendedRulesFindNoError() throws Exception {
        folder.assertSucceeds("redocly-lint", 120, folder.tool("redocly"), "lint", "--config", "redocly.yaml",
                OpenApiClientFolder.SPEC);
    }

    @Test
    void typeScriptTypesGeneratedFromTheSpecCompileWithCodeThatUsesThem() throws Exception {
        folder.generateTypes();
        folder.assertSucceeds("tsc", 120, folder.tool("tsc"), "--project", "tsconfig.json");
    }
}

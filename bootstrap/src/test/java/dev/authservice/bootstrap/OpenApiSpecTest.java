package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The OpenAPI description that micronaut-openapi writes at build time describes exactly the routes the running
 * service has: no route without its operation, no operation without its route. The routes are Micronaut's own
 * ({@link Router#uriRoutes()}); static resources (the spec itself, Swagger UI) are not routes of the router, so they
 * are not compared. Management endpoints (metrics, liveness, readiness) are routes of the management port only, not
 * of this API, and are left out; the contract's {@code GET /health} on the main port is a controller like the others.
 * Password resets and sign-up are on, as where mail leaves over SMTP, so that their paths are compared too.
 */
@MicronautTest
@Property(name = "auth.password-reset.enabled", value = "true")
@Property(name = "auth.sign-up.enabled", value = "true")
@Property(name = "auth.public-url", value = "https://auth.example.test")
@Property(name = "auth.mail.smtp.host", value = "127.0.0.1")
@Property(name = "auth.mail.from", value = "no-reply@example.test")
@Property(name = "auth.mail.worker.interval", value = "1h")
class OpenApiSpecTest {

    static final String SPEC_PATH = "/openapi/auth-service.yml";

    /** Route templates Micronaut writes, like {@code /api/admin/users/{userId}} or {@code /health{/selector}}. */
    private static final Pattern OPTIONAL_PART = Pattern.compile("\\{[/?&][^}]*}");
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}:/?&]+)(:[^}]*)?}");
    private static final Set<String> HTTP_METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    @Inject
    EmbeddedServer server;

    @Inject
    Router router;

    private final HttpClient client = HttpClient.newHttpClient();
    private Map<String, Object> spec;

    @BeforeEach
    void fetchSpec() throws Exception {
        HttpResponse<String> answer = get(SPEC_PATH);
        assertEquals(200, answer.statusCode(), "the spec is served without a token");
        spec = new Yaml().load(answer.body());
    }

    @Test
    void describesExactlyTheRoutesThatExist() {
        Set<String> routes = router.uriRoutes()
                .filter(route -> route.getPort() == null)
                .map(route -> route.getHttpMethodName().toUpperCase(Locale.ROOT) + " "
                        + normalize(route.getUriMatchTemplate().toString()))
                .collect(Collectors.toCollection(TreeSet::new));
        // Micronaut answers HEAD wherever it answers GET; the spec describes the GET.
        routes.removeIf(route -> route.startsWith("HEAD ") && routes.contains("GET " + route.substring(5)));

        Set<String> operations = new TreeSet<>();
        paths().forEach((path, item) -> map(item).keySet().stream()
                .filter(HTTP_METHODS::contains)
                .forEach(method -> operations.add(method.toUpperCase(Locale.ROOT) + " " + normalize(path))));

        Set<String> undocumented = new TreeSet<>(routes);
        undocumented.removeAll(operations);
        Set<String> phantom = new TreeSet<>(operations);
        phantom.removeAll(routes);
        assertAll(
                () -> assertTrue(undocumented.isEmpty(), "routes the spec does not describe: " + undocumented),
                () -> assertTrue(phantom.isEmpty(), "operations in the spec without a route: " + phantom),
                () -> assertTrue(routes.contains("POST /api/login"), "the router was read: " + routes));
    }

    @Test
    void describesTheBearerTokenAndTheRefreshCookieAsSecuritySchemes() {
        Map<String, Object> schemes = map(map(spec.get("components")).get("securitySchemes"));

        Map<String, Object> bearer = map(schemes.get("bearerAuth"));
        assertEquals("http", bearer.get("type"));
        assertEquals("bearer", bearer.get("scheme"));
        assertEquals("JWT", bearer.get("bearerFormat"));

        Map<String, Object> cookie = map(schemes.get("refreshCookie"));
        assertEquals("apiKey", cookie.get("type"));
        assertEquals("cookie", cookie.get("in"));
        assertEquals("refreshToken", cookie.get("name"));
    }

    @Test
    void protectedOperationsNeedTheBearerTokenAndTheAnonymousOnesNothing() {
        assertEquals(List.of(Map.of("bearerAuth", List.of())), operation("/api/user/profile", "get").get("security"));
        assertEquals(List.of(Map.of("bearerAuth", List.of())), operation("/api/admin/users", "get").get("security"));
        assertEquals(List.of(Map.of("refreshCookie", List.of())), operation("/api/refresh", "post").get("security"));
        for (String anonymous : List.of("/api/login", "/api/ping", "/health")) {
            Map<String, Object> op = operation(anonymous, anonymous.equals("/api/login") ? "post" : "get");
            assertEquals(List.of(), op.get("security"),
                    anonymous + " says that it needs nothing (security: []), rather than leaving it unsaid");
        }
        assertFalse(spec.containsKey("security"), "no global requirement that anonymous paths would inherit");
    }

    /** The errors every path can answer are listed by no operation: the description names them once. */
    @Test
    void theDescriptionNamesTheErrorsOfEveryPath() {
        String description = (String) map(spec.get("info")).get("description");
        for (String error : List.of("404 NOT_FOUND", "405 METHOD_NOT_ALLOWED", "421 MISDIRECTED_REQUEST",
                "500 INTERNAL_ERROR")) {
            assertTrue(description.contains(error), error + " in: " + description);
        }
    }

    @Test
    void namesTheServerThatServesIt() {
        List<?> servers = (List<?>) spec.get("servers");
        assertEquals(List.of("/"), servers.stream().map(server -> map(server).get("url")).toList(),
                "relative: the host that serves the description, wherever that is");
    }

    /**
     * A client generator makes a type of every schema, named after it. micronaut-openapi names a generic type or a
     * nested class it was given no name for with {@code _} and {@code .} ({@code Envelope_PageResponse_...__}).
     */
    @Test
    void everySchemaNameIsAPlainWord() {
        Set<String> names = map(map(spec.get("components")).get("schemas")).keySet();
        Set<String> unnamed = names.stream().filter(name -> !name.matches("[A-Z][A-Za-z]+"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(unnamed.isEmpty(), "schemas without a name of their own (name them with @Schema(name) beside their controller): " + unnamed);
        assertTrue(names.containsAll(Set.of("ErrorEnvelope", "UserDetailEnvelope", "UserPageEnvelope", "UserPage", "User")),
                "the schemas were read: " + names);
    }

    /** The success envelopes and the error envelope are different types with the same keys, all always there. */
    @Test
    void everyEnvelopeHasTheSameKeys() {
        map(map(spec.get("components")).get("schemas")).forEach((name, schema) -> {
            if (name.endsWith("Envelope")) {
                Set<String> keys = Set.of("success", "data", "error", "timestamp");
                assertAll(name,
                        () -> assertEquals(keys, map(map(schema).get("properties")).keySet(), name),
                        () -> assertEquals(keys, Set.copyOf((List<?>) map(schema).get("required")), name));
            }
        });
    }

    /**
     * What a controller copied without its annotations leaves out (docs/adding-a-protected-resource.md): every
     * operation under {@code /api/user} and {@code /api/admin} has a tag and a summary, needs the Bearer token, and
     * documents its 401 and 500.
     */
    @Test
    void everyOperationOfTheUserAndAdminPathsIsTaggedNeedsTheTokenAndDocumentsItsErrors() {
        List<String> checked = new ArrayList<>();
        paths().forEach((path, item) -> map(item).forEach((method, value) -> {
            if (HTTP_METHODS.contains(method) && (path.startsWith("/api/user/") || path.startsWith("/api/admin/"))) {
                Map<String, Object> op = map(value);
                String name = method.toUpperCase(Locale.ROOT) + " " + path;
                assertAll(name,
                        () -> assertNotNull(op.get("tags"), name + " has a tag"),
                        () -> assertNotNull(op.get("summary"), name + " has a summary"),
                        () -> assertEquals(List.of(Map.of("bearerAuth", List.of())), op.get("security"), name),
                        () -> assertTrue(map(op.get("responses")).keySet().containsAll(Set.of("401", "500")),
                                name + " documents 401 and 500: " + map(op.get("responses")).keySet()));
                checked.add(name);
            }
        }));
        assertTrue(checked.contains("GET /api/user/orders"), "the user paths were read: " + checked);
    }

    @Test
    void errorsAreDocumentedWithTheEnvelope() {
        Map<String, Object> unauthorized = map(map(operation("/api/user/profile", "get").get("responses")).get("401"));
        assertNotNull(unauthorized, "a protected operation documents its 401");
        Map<String, Object> envelope = schema(map(map(map(unauthorized.get("content")).get("application/json"))
                .get("schema")));
        Map<String, Object> properties = map(envelope.get("properties"));
        assertEquals(Set.of("success", "data", "error", "timestamp"), properties.keySet());
        Map<String, Object> error = schema(map(properties.get("error")));
        assertEquals(Set.of("code", "message"), map(error.get("properties")).keySet());

        paths().forEach((path, item) -> map(item).forEach((method, op) -> {
            if (HTTP_METHODS.contains(method)) {
                map(map(op).get("responses")).forEach((status, response) -> {
                    if (status.startsWith("4") || status.startsWith("5")) {
                        Object content = map(response).get("content");
                        assertNotNull(content, method + " " + path + " " + status + " has the envelope");
                    }
                });
            }
        }));
    }

    @Test
    void everyReferenceResolves() {
        Set<String> references = new TreeSet<>();
        collectReferences(spec, references);
        Map<String, Object> schemas = map(map(spec.get("components")).get("schemas"));
        for (String reference : references) {
            assertTrue(reference.startsWith("#/components/schemas/")
                            && schemas.containsKey(reference.substring("#/components/schemas/".length())),
                    "dangling $ref " + reference);
        }
    }

    @Test
    void swaggerUiIsServedWithoutATokenAndLoadsNothingFromOutside() throws Exception {
        HttpResponse<String> page = get("/swagger-ui/index.html");
        assertEquals(200, page.statusCode());
        assertTrue(get("/swagger-ui/swagger-initializer.js").body().contains(SPEC_PATH),
                "Swagger UI shows this service's spec");
        assertFalse(Pattern.compile("(?i)(https?:)?//[a-z0-9.-]+\\.[a-z]{2,}").matcher(page.body()).find(),
                "no script or style from another origin");

        Matcher resources = Pattern.compile("\"(/swagger-ui/[^\"]+)\"").matcher(page.body());
        List<String> loaded = new ArrayList<>();
        while (resources.find()) {
            loaded.add(resources.group(1));
        }
        assertTrue(loaded.contains("/swagger-ui/res/swagger-ui-bundle.js"), "scripts from the jar: " + loaded);
        for (String resource : loaded) {
            assertEquals(200, get(resource).statusCode(), resource);
        }
        assertEquals(200, get("/swagger-ui/").statusCode(), "/swagger-ui/ shows the page");
    }

    private Map<String, Object> operation(String path, String method) {
        Map<String, Object> item = map(paths().get(path));
        assertNotNull(item, path + " is described");
        Map<String, Object> op = map(item.get(method));
        assertNotNull(op, method + " " + path + " is described");
        return op;
    }

    /** A schema, following one {@code $ref} or {@code allOf: [$ref]} to the components. */
    private Map<String, Object> schema(Map<String, Object> schema) {
        if (schema.containsKey("allOf")) {
            return schema(map(((List<?>) schema.get("allOf")).get(0)));
        }
        Object ref = schema.get("$ref");
        if (ref == null) {
            return schema;
        }
        String name = ((String) ref).substring("#/components/schemas/".length());
        return map(map(map(spec.get("components")).get("schemas")).get(name));
    }

    private Map<String, Object> paths() {
        return map(spec.get("paths"));
    }

    private static void collectReferences(Object node, Set<String> references) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                if ("$ref".equals(key)) {
                    references.add((String) value);
                } else {
                    collectReferences(value, references);
                }
            });
        } else if (node instanceof List<?> list) {
            list.forEach(element -> collectReferences(element, references));
        }
    }

    /** {@code /users/{id}} and {@code /users/{userId:[0-9]+}} compare equal; optional parts are left out. */
    private static String normalize(String template) {
        String path = VARIABLE.matcher(OPTIONAL_PART.matcher(template).replaceAll("")).replaceAll("{}");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node) {
        return (Map<String, Object>) node;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(server.getURI().resolve(URI.create(path))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}

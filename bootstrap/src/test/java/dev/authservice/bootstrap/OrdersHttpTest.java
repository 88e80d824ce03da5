package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.ISO_UTC;
import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading one order, placing and deleting orders, over real HTTP against the whole service on an in-memory H2. The
 * list is in {@link ContractHttpTest}, which counts the demo users' orders exactly; so every test here works on users
 * it creates itself ({@link TestUser}) and never touches alice's or bob's orders.
 */
@MicronautTest
class OrdersHttpTest {

    private static final String PATH = "/api/user/orders";

    @Inject
    EmbeddedServer server;

    Http http;
    TestUser carol;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
        carol = TestUser.create(http);
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** A valid body: 12.50 EUR, without a note. */
    private static String order(String reference) {
        return "{\"reference\": \"" + reference + "\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}";
    }

    private Http.Answer place(TestUser user, String body) {
        return http.postJson(PATH, body, "Authorization", user.bearer());
    }

    /** Places an order that must be accepted; returns its id. */
    private String placed(TestUser user, String body) {
        Http.Answer answer = place(user, body);
        assertEquals(201, answer.status(), answer.toString());
        return (String) answer.data().get("id");
    }

    private Http.Answer get(TestUser user, String orderId) {
        return http.get(PATH + "/" + orderId, "Authorization", user.bearer());
    }

    private Http.Answer delete(TestUser user, String orderId) {
        return http.delete(PATH + "/" + orderId, "Authorization", user.bearer());
    }

    private List<Map<String, Object>> ordersOf(TestUser user) {
        Http.Answer answer = http.get(PATH + "?size=100", "Authorization", user.bearer());
        assertEquals(200, answer.status(), answer.toString());
        return answer.content();
    }

    // ---------------------------------------------------------------------------------------------- tests

    @Nested
    class Place {

        @Test
        void aPlacedOrderIs201WithItsLocationWhichReadsItBack() {
            Http.Answer created = place(carol, "{\"reference\": \"cart-7d2f\", \"totalAmount\": \"12.5\", "
                    + "\"currency\": \"EUR\", \"note\": \"Leave it at the door\"}");

            assertEquals(201, created.status(), created.toString());
            assertEquals(true, created.json().get("success"));
            assertNull(created.json().get("error"));
            Map<String, Object> order = created.data();
            String id = (String) order.get("id");
            assertAll(created.toString(),
                    () -> assertEquals(id, UUID.fromString(id).toString()),
                    () -> assertEquals(PATH + "/" + id, created.header("Location").orElseThrow()),
                    () -> assertTrue(ISO_UTC.matcher((String) order.get("createdAt")).matches()),
                    () -> assertEquals(Map.of("id", id, "reference", "cart-7d2f", "status", "PENDING",
                            "totalAmount", "12.50", "currency", "EUR", "note", "Leave it at the door",
                            "createdAt", order.get("createdAt")), order));

            Http.Answer read = http.get(created.header("Location").orElseThrow(), "Authorization", carol.bearer());
            assertEquals(200, read.status(), read.toString());
            assertEquals(order, read.data());
            assertEquals(List.of(order), ordersOf(carol));
        }

        @Test
        void aReferenceTheCallerHasAlreadyIs409AndStoresNothing() {
            String first = placed(carol, order("cart-1"));

            assertError(place(carol, "{\"reference\": \"cart-1\", \"totalAmount\": \"99.00\", \"currency\": \"USD\"}"),
                    409, "ORDER_REFERENCE_TAKEN");

            List<Map<String, Object>> orders = ordersOf(carol);
            assertEquals(List.of(first), orders.stream().map(order -> order.get("id")).toList());
            assertEquals("12.50", orders.get(0).get("totalAmount"));
        }

        @Test
        void anotherUserMayUseTheSameReference() {
            TestUser dave = TestUser.create(http);
            placed(carol, order("cart-1"));

            Http.Answer answer = place(dave, order("cart-1"));

            assertEquals(201, answer.status(), answer.toString());
            assertEquals(1, ordersOf(carol).size());
            assertEquals(1, ordersOf(dave).size());
        }

        /** Left out or null, there is no note, and the order says so with {@code "note": null}. */
        @ParameterizedTest
        @ValueSource(strings = {"", ", \"note\": null"})
        void anOrderWithoutANoteHasANullNote(String noteField) {
            Http.Answer answer = place(carol, "{\"reference\": \"cart-1\", \"totalAmount\": \"0\", "
                    + "\"currency\": \"JPY\"" + noteField + "}");

            assertEquals(201, answer.status(), answer.toString());
            assertTrue(answer.data().containsKey("note"), answer.toString());
            assertNull(answer.data().get("note"));
            assertEquals("0", answer.data().get("totalAmount"));
        }

        @ParameterizedTest
        @MethodSource("dev.authservice.bootstrap.OrdersHttpTest#badBodies")
        void badInputIsInvalidInputAndStoresNothing(String body) {
            assertError(place(carol, body), 400, "INVALID_INPUT");

            assertEquals(List.of(), ordersOf(carol));
        }

        @Test
        void aBodyOver16KiBIsTooLargeAndStoresNothing() {
            String body = "{\"reference\": \"cart-1\", \"totalAmount\": \"1.00\", \"currency\": \"EUR\", "
                    + "\"note\": \"" + "n".repeat(17 * 1024) + "\"}";

            assertError(place(carol, body), 413, "PAYLOAD_TOO_LARGE");

            assertEquals(List.of(), ordersOf(carol));
        }

        @Test
        void aBodyThatIsNotJsonIsUnsupportedAndStoresNothing() {
            assertError(http.post(PATH, order("cart-1"), "Content-Type", "text/plain", "Authorization",
                    carol.bearer()), 415, "UNSUPPORTED_MEDIA_TYPE");

            assertEquals(List.of(), ordersOf(carol));
        }
    }

    /** Each is refused with 400 INVALID_INPUT, and nothing is stored. */
    static Stream<String> badBodies() {
        return Stream.of(
                "not json", "[]", "null", "{}", "{\"reference\": \"cart-1\"",
                // the reference: missing, null, of another type, blank, too long, with a control character
                "{\"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": null, \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": 42, \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": [\"cart-1\"], \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": \" \", \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": \"" + "r".repeat(65) + "\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart\\u0007\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\"}",
                // the amount: missing, a number rather than text, unreadable, negative, too fine, too large
                "{\"reference\": \"cart-1\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": 12.50, \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"twelve\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"-1.00\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.345\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"10000000000\", \"currency\": \"EUR\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"1E+999999999\", \"currency\": \"EUR\"}",
                // the currency: missing, unknown, lower case, without minor unit, with three decimals
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"EURO\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"eur\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"1\", \"currency\": \"XAU\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"1.000\", \"currency\": \"BHD\"}",
                // the note: of another type, empty, blank, too long
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\", \"note\": 5}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\", \"note\": \"\"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\", \"note\": \"  \"}",
                "{\"reference\": \"cart-1\", \"totalAmount\": \"12.50\", \"currency\": \"EUR\", \"note\": \""
                        + "n".repeat(501) + "\"}");
    }

    @Nested
    class ReadAndDelete {

        @Test
        void theOwnerDeletesAnOrderOnceAndItsReferenceIsFreeAgain() {
            String id = placed(carol, order("cart-1"));

            Http.Answer deleted = delete(carol, id);

            assertEquals(204, deleted.status(), deleted.toString());
            assertTrue(deleted.body().isEmpty(), deleted.toString());
            assertError(get(carol, id), 404, "ORDER_NOT_FOUND");
            assertError(delete(carol, id), 404, "ORDER_NOT_FOUND");
            assertEquals(List.of(), ordersOf(carol));
            assertEquals(201, place(carol, order("cart-1")).status());
        }

        /** Someone else's order, an unknown id and one that cannot be an id: one answer for all. */
        @ParameterizedTest
        @ValueSource(strings = {"someone-elses", "0dde1000-0000-4000-8000-00000000dead", "not-an-id", "42"})
        void anOrderThatIsNotTheCallersIsNotFoundToReadOrDelete(String which) {
            TestUser dave = TestUser.create(http);
            String daves = placed(dave, order("cart-1"));
            String id = which.equals("someone-elses") ? daves : which;

            Http.Answer read = get(carol, id);
            Http.Answer deleted = delete(carol, id);

            assertError(read, 404, "ORDER_NOT_FOUND");
            assertError(deleted, 404, "ORDER_NOT_FOUND");
            assertEquals(read.errorMessage(), deleted.errorMessage());
            assertEquals(200, get(dave, daves).status(), "dave's order is still there");
        }
    }

    @Nested
    class WithoutAToken {

        @Test
        void noOrderIsPlacedReadOrDeleted() {
            String id = placed(carol, order("cart-1"));

            for (Http.Answer answer : List.of(http.postJson(PATH, order("cart-2")), http.get(PATH + "/" + id),
                    http.delete(PATH + "/" + id))) {
                assertError(answer, 401, "UNAUTHORIZED");
                assertEquals("Bearer", answer.header("WWW-Authenticate").orElseThrow());
            }
            assertEquals(1, ordersOf(carol).size());
        }
    }
}

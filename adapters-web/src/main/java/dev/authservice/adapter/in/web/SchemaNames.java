package dev.authservice.adapter.in.web;

import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * The names of the shapes in the OpenAPI description. A client generator turns each into a type, so a name says what
 * the data is, never which Java class carries it, and stays put when a class is renamed or moved:
 * <ul>
 *   <li>a resource's data: its noun, by {@code @Schema(name = "Order")} on the DTO record ({@code Order},
 *       {@code User}, {@code Session}, {@code AuditEvent}, {@code Profile});</li>
 *   <li>a page of it: the noun and {@code Page} ({@code OrderPage});</li>
 *   <li>a successful answer: the name of its {@code data} and {@code Envelope} ({@code UserEnvelope},
 *       {@code OrderPageEnvelope}); every error answer is the one {@link ErrorEnvelope}, its {@code error} an
 *       {@code ApiError};</li>
 *   <li>a request body: the operation and {@code Request} ({@code CreateUserRequest}), as in {@link ApiDocs}.</li>
 * </ul>
 * micronaut-openapi names each use of a generic type after the Java classes in it
 * ({@code Envelope_PageResponse_OrdersController.OrderResponse__}), so every {@link Envelope} and {@link PageResponse}
 * a controller returns carries one of the annotations below on the type it names:
 * {@code @OrderPageEnvelope Envelope<@OrderPage PageResponse<OrderResponse>> orders(...)}, or
 * {@code HttpResponse<@UserEnvelope Envelope<UserResponse>>}. A new resource adds its own here. {@code OpenApiSpecTest}
 * fails on a schema name that is not a plain word, which is what a forgotten one leaves.
 */
final class SchemaNames {

    private SchemaNames() {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "ProfileEnvelope")
    @interface ProfileEnvelope {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "OrderPage")
    @interface OrderPage {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "OrderPageEnvelope")
    @interface OrderPageEnvelope {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "SessionPage")
    @interface SessionPage {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "SessionPageEnvelope")
    @interface SessionPageEnvelope {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "UserEnvelope")
    @interface UserEnvelope {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "UserPage")
    @interface UserPage {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "UserPageEnvelope")
    @interface UserPageEnvelope {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "AuditEventPage")
    @interface AuditEventPage {
    }

    @Documented
    @Retention(RUNTIME)
    @Target(TYPE_USE)
    @Schema(name = "AuditEventPageEnvelope")
    @interface AuditEventPageEnvelope {
    }
}

package dev.authservice.adapter.in.web.request;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import dev.authservice.domain.user.Password;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.tree.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads request bodies as a JSON tree rather than binding them to records, because binding would quietly turn
 * {@code "username": 42} into {@code "42"}: a field of the wrong type is refused, not coerced. Every refusal is
 * 400 {@code INVALID_INPUT} with a message naming the field.
 */
public final class JsonBody {

    private JsonBody() {
    }

    /** The body itself, which must be a JSON object; {@code shape} shows the client what was expected. */
    public static JsonNode object(@Nullable JsonNode body, String shape) {
        if (body == null || !body.isObject()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "the body must be " + shape);
        }
        return body;
    }

    /** A required string field; its content is left for the domain's value types to judge. */
    public static String text(JsonNode body, String field) {
        JsonNode value = required(body, field);
        if (!value.isString()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, field + " must be a string");
        }
        return value.getStringValue();
    }

    /** An optional string field: absent or {@code null}, it is empty; of another type, refused like a required one. */
    public static Optional<String> optionalText(JsonNode body, String field) {
        JsonNode value = body.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(text(body, field));
    }

    /** A required, non-empty array of strings. */
    public static List<String> texts(JsonNode body, String field) {
        JsonNode value = required(body, field);
        if (!value.isArray() || value.size() == 0) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, field + " must be a non-empty array of strings");
        }
        List<String> texts = new ArrayList<>(value.size());
        for (JsonNode element : value.values()) {
            if (!element.isString()) {
                throw new ApiException(CommonErrorCode.INVALID_INPUT, field + " must be a non-empty array of strings");
            }
            texts.add(element.getStringValue());
        }
        return texts;
    }

    /**
     * A password field. Checked under the field's own name before {@link Password} checks it again, so that a blank
     * {@code newPassword} is reported as such rather than as "password".
     */
    public static Password password(JsonNode body, String field) {
        return parse(() -> new Password(Require.text(field, text(body, field), Password.MAX_LENGTH)));
    }

    /** Runs a domain parser, answering its refusal as bad input. */
    public static <T> T parse(Supplier<T> parser) {
        try {
            return parser.get();
        } catch (InvalidValueException e) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, e.getMessage());
        }
    }

    private static JsonNode required(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, field + " is required");
        }
        return value;
    }
}

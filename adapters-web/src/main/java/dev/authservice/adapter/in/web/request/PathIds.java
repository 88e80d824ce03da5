package dev.authservice.adapter.in.web.request;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import java.util.function.Function;

/**
 * Ids taken from the path, for every resource alike. An id that cannot be one names nothing, so it gets the same 404
 * as an unknown id: the client learns nothing from the difference, and a URL that does not exist is "not found"
 * whatever its shape.
 */
public final class PathIds {

    private PathIds() {
    }

    /**
     * The id {@code text} spells, read by the domain's parser ({@code UserId::of}, {@code OrderId::of}); when it
     * cannot be one, {@code notFound}.
     */
    public static <I> I parse(String text, Function<String, I> parser, ErrorCode notFound) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException notAnId) {
            throw new ApiException(notFound);
        }
    }
}

package dev.authservice.adapter.in.web.error;

import dev.authservice.adapter.in.web.ApiResponse;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;

/** Builds the envelope response for an error code: the one place that knows how an error looks on the wire. */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static MutableHttpResponse<ApiResponse<Void>> of(ErrorCode code) {
        return of(code, code.defaultMessage());
    }

    public static MutableHttpResponse<ApiResponse<Void>> of(ErrorCode code, String message) {
        return HttpResponse.<ApiResponse<Void>>status(code.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(ApiResponse.error(code, message));
    }
}

package dev.authservice.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A browser reduced to what a sign-in through redirects needs: no redirect followed by itself, and every cookie kept
 * by host and port and sent back there, {@code Secure} ones too, since every server here speaks plain HTTP on
 * loopback. A JSON body is sent as such unless the headers say otherwise.
 */
public final class Browser {

    /**
     * One for every browser: its connections are kept and used again, as a browser's are. A client of each browser's
     * own left its connections open until collected, and the service's cap on one address's connections refused more.
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private final Map<String, Map<String, String>> cookies = new HashMap<>();

    public HttpResponse<String> send(String method, String url, String body, Map<String, String> headers)
            throws IOException, InterruptedException {
        URI uri = URI.create(url);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null && !headers.containsKey("Content-Type")) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        Map<String, String> jar = cookies.computeIfAbsent(uri.getAuthority(), authority -> new HashMap<>());
        if (!jar.isEmpty()) {
            request.header("Cookie", String.join("; ", jar.entrySet().stream()
                    .map(cookie -> cookie.getKey() + "=" + cookie.getValue()).toList()));
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        for (String set : response.headers().allValues("Set-Cookie")) {
            String pair = set.split(";", 2)[0];
            int equals = pair.indexOf('=');
            String name = pair.substring(0, equals).trim();
            String value = pair.substring(equals + 1).trim();
            if (value.isEmpty() || set.contains("Max-Age=0")) {
                jar.remove(name);
            } else {
                jar.put(name, value);
            }
        }
        return response;
    }

    /** {@code response}, if it has {@code status}; any other stops the run, saying what came instead. */
    public static HttpResponse<String> expect(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(response.request().method() + " " + response.uri() + " answered "
                    + response.statusCode() + ", not " + status + ": " + response.headers().map() + " "
                    + response.body());
        }
        return response;
    }

    /** Where a redirect sends the browser. */
    public static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElseThrow(() -> new IllegalStateException(
                "no Location from " + response.request().method() + " " + response.uri()));
    }
}

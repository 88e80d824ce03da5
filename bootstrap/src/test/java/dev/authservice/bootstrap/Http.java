package dev.authservice.bootstrap;

import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A plain HTTP client for tests: every status is an ordinary answer, headers and cookies are seen as sent. Public
 * for the browser tests, which check beside the page what the API says.
 */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.createDefault();

    private final URI base;

    public Http(URI base) {
        this.base = base;
    }

    public Answer get(String path, String... headers) {
        return send(request(path, headers).GET());
    }

    public Answer post(String path, String body, String... headers) {
        return send(request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Answer postJson(String path, String json, String... headers) {
        return post(path, json, withJsonContentType(headers));
    }

    public Answer putJson(String path, String json, String... headers) {
        return send(request(path, withJsonContentType(headers)).PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Answer delete(String path, String... headers) {
        return send(request(path, headers).DELETE());
    }

    private static String[] withJsonContentType(String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return all;
    }

    public Answer logIn(String username, String password) {
        return postJson("/api/login", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}");
    }

    /** A login that says which client it comes from, as a browser or a phone would. */
    public Answer logIn(String username, String password, String userAgent) {
        return postJson("/api/login", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}",
                "User-Agent", userAgent);
    }

    public Answer refresh(String refreshToken) {
        return post("/api/refresh", "", "Cookie", "refreshToken=" + refreshToken);
    }

    private HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path));
        if (headers.length > 0) {
            builder.headers(headers);
        }
        return builder;
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            return new Answer(CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public record Answer(HttpResponse<String> response) {

        public int status() {
            return response.statusCode();
        }

        public Optional<String> header(String name) {
            return response.headers().firstValue(name);
        }

        public List<String> setCookies() {
            return response.headers().allValues("Set-Cookie");
        }

        /** The value the response sets for the refresh-token cookie. */
        public String refreshToken() {
            return setCookies().stream()
                    .filter(cookie -> cookie.startsWith("refreshToken="))
                    .map(cookie -> cookie.substring("refreshToken=".length(), cookie.indexOf(';')))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no refreshToken cookie in " + setCookies()));
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> json() {
            try {
                return JSON.readValue(response.body(), Map.class);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + response.body(), e);
            }
        }

        public String accessToken() {
            return (String) json().get("accessToken");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> data() {
            return (Map<String, Object>) json().get("data");
        }

        @SuppressWarnings("unchecked")
        public String errorCode() {
            return (String) ((Map<String, Object>) json().get("error")).get("code");
        }

        @SuppressWarnings("unchecked")
        public String errorMessage() {
            return (String) ((Map<String, Object>) json().get("error")).get("message");
        }

        /** The items of a page answer. */
        @SuppressWarnings("unchecked")
        public List<Map<String, Object>> content() {
            return (List<Map<String, Object>>) data().get("content");
        }

        public String body() {
            return response.body();
        }

        @Override
        public String toString() {
            return status() + " " + response.body();
        }
    }
}

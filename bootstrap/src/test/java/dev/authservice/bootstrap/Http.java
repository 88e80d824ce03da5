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

/** A plain HTTP client for tests: every status is an ordinary answer, headers and cookies are seen as sent. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.createDefault();

    private final URI base;

    Http(URI base) {
        this.base = base;
    }

    Answer get(String path, String... headers) {
        return send(request(path, headers).GET());
    }

    Answer post(String path, String body, String... headers) {
        return send(request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Answer postJson(String path, String json, String... headers) {
        return post(path, json, withJsonContentType(headers));
    }

    Answer putJson(String path, String json, String... headers) {
        return send(request(path, withJsonContentType(headers)).PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Answer delete(String path, String... headers) {
        return send(request(path, headers).DELETE());
    }

    private static String[] withJsonContentType(String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return all;
    }

    Answer logIn(String username, String password) {
        return postJson("/api/login", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}");
    }

    Answer refresh(String refreshToken) {
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

    record Answer(HttpResponse<String> response) {

        int status() {
            return response.statusCode();
        }

        Optional<String> header(String name) {
            return response.headers().firstValue(name);
        }

        List<String> setCookies() {
            return response.headers().allValues("Set-Cookie");
        }

        /** The value the response sets for the refresh-token cookie. */
        String refreshToken() {
            return setCookies().stream()
                    .filter(cookie -> cookie.startsWith("refreshToken="))
                    .map(cookie -> cookie.substring("refreshToken=".length(), cookie.indexOf(';')))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no refreshToken cookie in " + setCookies()));
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> json() {
            try {
                return JSON.readValue(response.body(), Map.class);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + response.body(), e);
            }
        }

        String accessToken() {
            return (String) json().get("accessToken");
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return (Map<String, Object>) json().get("data");
        }

        @SuppressWarnings("unchecked")
        String errorCode() {
            return (String) ((Map<String, Object>) json().get("error")).get("code");
        }

        @SuppressWarnings("unchecked")
        String errorMessage() {
            return (String) ((Map<String, Object>) json().get("error")).get("message");
        }

        String body() {
            return response.body();
        }

        @Override
        public String toString() {
            return status() + " " + response.body();
        }
    }
}

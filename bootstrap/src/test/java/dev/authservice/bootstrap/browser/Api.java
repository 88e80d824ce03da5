package dev.authservice.bootstrap.browser;

import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/** The API called directly, beside the browser: another device of the same user, or a check of what the page did. */
final class Api {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.createDefault();

    private final URI base;

    Api(URI base) {
        this.base = base;
    }

    record Login(String accessToken, String refreshToken) {
    }

    record Answer(int status, Map<String, Object> json, HttpResponse<String> response) {

        @SuppressWarnings("unchecked")
        String errorCode() {
            return (String) ((Map<String, Object>) json.get("error")).get("code");
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> content() {
            return (List<Map<String, Object>>) ((Map<String, Object>) json.get("data")).get("content");
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        String body() {
            return response.body();
        }

        @Override
        public String toString() {
            return status + " " + response.body();
        }
    }

    Login logIn(String username, String password, String userAgent) {
        Answer answer = send(request("/api/login")
                .header("Content-Type", "application/json")
                .header("User-Agent", userAgent)
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}")));
        if (answer.status() != 200) {
            throw new AssertionError("login of " + username + ": " + answer);
        }
        String cookie = answer.response().headers().allValues("Set-Cookie").stream()
                .filter(value -> value.startsWith("refreshToken="))
                .findFirst().orElseThrow();
        return new Login((String) answer.json().get("accessToken"),
                cookie.substring("refreshToken=".length(), cookie.indexOf(';')));
    }

    Answer refresh(String refreshToken) {
        return send(request("/api/refresh").header("Cookie", "refreshToken=" + refreshToken)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    Answer get(String path, String accessToken) {
        return send(request(path).header("Authorization", "Bearer " + accessToken).GET());
    }

    Answer get(String path) {
        return send(request(path).GET());
    }

    Answer post(String path, String accessToken) {
        return send(request(path).header("Authorization", "Bearer " + accessToken)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path));
    }

    @SuppressWarnings("unchecked")
    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            boolean json = response.headers().firstValue("Content-Type").orElse("").contains("json")
                    && !response.body().isEmpty();
            return new Answer(response.statusCode(), json ? JSON.readValue(response.body(), Map.class) : Map.of(),
                    response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

package dev.authservice.bootstrap.browser;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the browser asked of the API and what it got, seen from the server: the tests count refreshes and retries
 * here, and read the access token the client used (the page keeps it where no test can reach). Only in the tests
 * that switch it on with {@link #ENABLED}. An entry is recorded before its answer is sent, so it is there by the time
 * the page shows the answer. It runs first, to see the 401s of micronaut-security's filter too.
 */
@ServerFilter("/api/**")
@Requires(property = RequestLog.ENABLED, value = "true")
class RequestLog implements Ordered {

    static final String ENABLED = "test.request-log.enabled";

    record Entry(String method, String path, int status, String bearer) {

        boolean is(String method, String path, int status) {
            return this.method.equals(method) && this.path.equals(path) && this.status == status;
        }

        @Override
        public String toString() {
            return method + " " + path + " " + status;
        }
    }

    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }

    @ResponseFilter
    void record(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String authorization = request.getHeaders().get(HttpHeaders.AUTHORIZATION);
        String bearer = authorization != null && authorization.startsWith("Bearer ")
                ? authorization.substring("Bearer ".length())
                : null;
        entries.add(new Entry(request.getMethodName(), request.getPath(), response.code(), bearer));
    }

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    long count(String method, String path, int status) {
        return entries.stream().filter(entry -> entry.is(method, path, status)).count();
    }

    long count(String method, String path) {
        return entries.stream().filter(entry -> entry.method.equals(method) && entry.path.equals(path)).count();
    }

    /** The access token of the browser's latest request that had one. */
    String lastBearer() {
        return entries.stream().map(Entry::bearer).filter(bearer -> bearer != null)
                .reduce((first, second) -> second)
                .orElseThrow(() -> new AssertionError("no request with a token in " + entries));
    }

    void clear() {
        entries.clear();
    }
}

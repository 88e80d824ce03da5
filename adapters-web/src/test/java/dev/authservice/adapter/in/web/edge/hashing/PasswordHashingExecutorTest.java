package dev.authservice.adapter.in.web.edge.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.application.login.port.in.CompleteLogInUseCase;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Logins waiting for their password hashes hold password-hashing threads only. The blocking executor here is as the
 * service runs it on JDK 17 (fixed, one thread per database connection), and as small as the password-hashing pool:
 * were logins on it, the refresh below would wait behind them. (On JDK 21 and later blocking work runs on virtual
 * threads, which cannot run out; the test shows the JDK 17 set-up.) Its queue holds as many logins again; one more
 * is refused. A context of its own for each test, so that no test finds threads the one before still holds.
 */
@MicronautTest(rebuildContext = true)
@Property(name = "micronaut.executors.io.type", value = "fixed")
@Property(name = "micronaut.executors.io.n-threads", value = PasswordHashingExecutorTest.THREADS)
@Property(name = PasswordHashingExecutor.THREADS, value = PasswordHashingExecutorTest.THREADS)
@Property(name = PasswordHashingExecutor.QUEUE_CAPACITY, value = PasswordHashingExecutorTest.THREADS)
class PasswordHashingExecutorTest {

    static final String THREADS = "3";
    /** As many as the threads and the queue hold. */
    private static final int LOGINS = 2 * Integer.parseInt(THREADS);

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    LogInUseCase logIn;
    @Inject
    RefreshAccessTokenUseCase refresh;

    @MockBean(LogInUseCase.class)
    LogInUseCase logIn() {
        return mock(LogInUseCase.class);
    }

    /** The login controller's other route, completing a login with a second factor; not called here. */
    @MockBean(CompleteLogInUseCase.class)
    CompleteLogInUseCase completeLogIn() {
        return mock(CompleteLogInUseCase.class);
    }

    @MockBean(RefreshAccessTokenUseCase.class)
    RefreshAccessTokenUseCase refresh() {
        return mock(RefreshAccessTokenUseCase.class);
    }

    @MockBean(AuthenticateUseCase.class)
    AuthenticateUseCase authenticate() {
        return mock(AuthenticateUseCase.class);
    }

    private final Semaphore loginsWaiting = new Semaphore(0);
    private final CountDownLatch hashesDone = new CountDownLatch(1);
    private final List<String> loginThreads = new CopyOnWriteArrayList<>();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private final CompletionService<HttpResponse<?>> answers = new ExecutorCompletionService<>(clients);

    /** {@code logins} at once, each holding its thread until {@link #hashesDone}; returns once the threads are full. */
    private void sendLogins(int logins) throws InterruptedException {
        when(logIn.logIn(any())).thenAnswer(call -> {
            loginThreads.add(Thread.currentThread().getName());
            loginsWaiting.release();
            hashesDone.await();
            return new LogInUseCase.Result.InvalidCredentials();
        });
        for (int i = 0; i < logins; i++) {
            answers.submit(() -> responseTo(HttpRequest.POST("/api/login", "{\"username\":\"mallory\","
                    + "\"password\":\"guess-guess-guess\"}").contentType(MediaType.APPLICATION_JSON_TYPE)));
        }
        assertTrue(loginsWaiting.tryAcquire(Integer.parseInt(THREADS), 10, TimeUnit.SECONDS),
                "every password-hashing thread holds a login");
    }

    @AfterEach
    void letTheLoginsFinish() throws InterruptedException {
        hashesDone.countDown();
        clients.shutdown();
        assertTrue(clients.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void aRefreshIsAnsweredWhileEveryPasswordHashingThreadWaitsForAHash() throws InterruptedException {
        when(refresh.refreshAccessToken(any())).thenReturn(new RefreshAccessTokenUseCase.Result.Refused());
        sendLogins(LOGINS);

        assertEquals(401, assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> responseTo(HttpRequest.POST(RefreshTokenCookie.PATH, "")).code()));
        verify(refresh).refreshAccessToken(any());
        assertFalse(loginsWaiting.tryAcquire(200, TimeUnit.MILLISECONDS), "the other logins queue behind them");
        assertNull(answers.poll(), "no login is refused while the queue has room");
        // On any JDK, also where blocking work runs on virtual threads that cannot run out.
        assertTrue(loginThreads.stream().allMatch(name -> name.startsWith(PasswordHashingExecutor.NAME)),
                loginThreads.toString());
    }

    /**
     * One login more than the threads and the queue hold: whichever of them finds the queue full is answered at once,
     * while the others still wait for their hashes.
     */
    @Test
    void aLoginThatFindsTheQueueFullIsRefusedAtOnceWith503AndRetryAfter() throws Exception {
        sendLogins(LOGINS + 1);

        Future<HttpResponse<?>> first = answers.poll(5, TimeUnit.SECONDS);

        assertNotNull(first, "no login was answered within 5 s: the extra one waits in the queue");
        HttpResponse<?> refused = first.get();
        assertEquals(503, refused.code());
        assertEquals("1", refused.header(HttpHeaders.RETRY_AFTER));
        assertEquals("SERVICE_UNAVAILABLE", ((Map<?, ?>) refused.getBody(Map.class).orElseThrow().get("error"))
                .get("code"));
        assertNull(answers.poll(200, TimeUnit.MILLISECONDS), "the others still wait for their hashes");
    }

    private HttpResponse<?> responseTo(HttpRequest<?> request) {
        try {
            return client.toBlocking().exchange(request, Map.class);
        } catch (HttpClientResponseException e) {
            return e.getResponse();
        }
    }
}

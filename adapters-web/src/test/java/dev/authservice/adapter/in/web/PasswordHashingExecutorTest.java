package dev.authservice.adapter.in.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Logins waiting for their password hashes hold password-hashing threads only. The blocking executor here is as the
 * service runs it on JDK 17 (fixed, one thread per database connection), and as small as the password-hashing pool:
 * were logins on it, the refresh below would wait behind them. (On JDK 21 and later blocking work runs on virtual
 * threads, which cannot run out; the test shows the JDK 17 set-up.)
 */
@MicronautTest
@Property(name = "micronaut.executors.io.type", value = "fixed")
@Property(name = "micronaut.executors.io.n-threads", value = PasswordHashingExecutorTest.THREADS)
@Property(name = "micronaut.executors." + PasswordHashingExecutor.NAME + ".type", value = "fixed")
@Property(name = "micronaut.executors." + PasswordHashingExecutor.NAME + ".n-threads",
        value = PasswordHashingExecutorTest.THREADS)
class PasswordHashingExecutorTest {

    static final String THREADS = "3";
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

    @MockBean(RefreshAccessTokenUseCase.class)
    RefreshAccessTokenUseCase refresh() {
        return mock(RefreshAccessTokenUseCase.class);
    }

    @MockBean(AuthenticateUseCase.class)
    AuthenticateUseCase authenticate() {
        return mock(AuthenticateUseCase.class);
    }

    @Test
    void aRefreshIsAnsweredWhileEveryPasswordHashingThreadWaitsForAHash() throws InterruptedException {
        Semaphore loginsWaiting = new Semaphore(0);
        CountDownLatch hashesDone = new CountDownLatch(1);
        List<String> loginThreads = new CopyOnWriteArrayList<>();
        when(logIn.logIn(any())).thenAnswer(call -> {
            loginThreads.add(Thread.currentThread().getName());
            loginsWaiting.release();
            hashesDone.await();
            return new LogInUseCase.Result.InvalidCredentials();
        });
        when(refresh.refresh(any())).thenReturn(new RefreshAccessTokenUseCase.Result.Rejected());
        ExecutorService clients = Executors.newFixedThreadPool(LOGINS);
        try {
            for (int i = 0; i < LOGINS; i++) {
                clients.execute(() -> statusOf(HttpRequest.POST("/api/login", "{\"username\":\"mallory\","
                        + "\"password\":\"guess-guess-guess\"}").contentType(MediaType.APPLICATION_JSON_TYPE)));
            }
            assertTrue(loginsWaiting.tryAcquire(Integer.parseInt(THREADS), 10, TimeUnit.SECONDS),
                    "every password-hashing thread holds a login");

            assertEquals(401, assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> statusOf(HttpRequest.POST(RefreshTokenCookie.PATH, ""))));
            verify(refresh).refresh(any());
            assertFalse(loginsWaiting.tryAcquire(200, TimeUnit.MILLISECONDS), "the other logins queue behind them");
            // On any JDK, also where blocking work runs on virtual threads that cannot run out.
            assertTrue(loginThreads.stream().allMatch(name -> name.startsWith(PasswordHashingExecutor.NAME)),
                    loginThreads.toString());
        } finally {
            hashesDone.countDown();
            clients.shutdown();
            assertTrue(clients.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private int statusOf(HttpRequest<?> request) {
        try {
            return client.toBlocking().exchange(request).code();
        } catch (HttpClientResponseException e) {
            return e.code();
        }
    }
}

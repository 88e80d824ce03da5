package dev.authservice.bootstrap.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ConnectionCapTest {

    /** 640 less 10 for the pool, 16 for the management port, and 64 + 4 per core for the JVM. */
    @Test
    void byDefaultTheCapIsWhatTheFileDescriptorLimitLeavesAfterTheRestOfTheProcess() {
        ConnectionCap cap = ConnectionCap.of(OptionalLong.of(640), 10, 2, Optional.empty());

        assertEquals(640 - 10 - 16 - 72, cap.maxConnections());
        assertEquals("at most 542 connections: the file-descriptor limit is 640, less 98 kept for the database pool "
                + "(10), the management port (16) and the JVM (72)", cap.reason());
    }

    @Test
    void aLargerPoolAndMoreCoresLeaveFewer() {
        assertEquals(20_000 - 50 - 16 - 64 - 4 * 32,
                ConnectionCap.of(OptionalLong.of(20_000), 50, 32, Optional.empty()).maxConnections());
    }

    @Test
    void aConfiguredCapWithinTheLimitIsTaken() {
        ConnectionCap cap = ConnectionCap.of(OptionalLong.of(640), 10, 2, Optional.of(542));

        assertEquals(542, cap.maxConnections());
        assertTrue(cap.reason().contains("(auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS))"), cap.reason());
    }

    @Test
    void aConfiguredCapAboveWhatTheLimitLeavesStopsTheStart() {
        MisconfigurationException refused = assertThrows(MisconfigurationException.class,
                () -> ConnectionCap.of(OptionalLong.of(640), 10, 2, Optional.of(543)));

        assertEquals("auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS) is 543, but the file-descriptor limit of "
                + "640 leaves room for 542 connections after the 98 kept for the database pool (10), the management "
                + "port (16) and the JVM (72): lower it, or raise the limit (ulimit -n)", refused.getMessage());
    }

    @Test
    void aLimitThatLeavesNoRoomStopsTheStart() {
        MisconfigurationException refused = assertThrows(MisconfigurationException.class,
                () -> ConnectionCap.of(OptionalLong.of(98), 10, 2, Optional.empty()));

        assertTrue(refused.getMessage().endsWith("raise it (ulimit -n) above 98"), refused.getMessage());
        assertEquals(1, ConnectionCap.of(OptionalLong.of(99), 10, 2, Optional.empty()).maxConnections());
    }

    @Test
    void withoutALimitTheConfiguredCapOrTenThousand() {
        assertEquals(10_000, ConnectionCap.of(OptionalLong.empty(), 10, 2, Optional.empty()).maxConnections());
        assertEquals(50_000, ConnectionCap.of(OptionalLong.empty(), 10, 2, Optional.of(50_000)).maxConnections());
    }

    @Test
    void aHugeLimitIsNoOverflow() {
        assertEquals(Integer.MAX_VALUE,
                ConnectionCap.of(OptionalLong.of(Long.MAX_VALUE), 10, 2, Optional.empty()).maxConnections());
    }

    @Test
    void thisProcessHasALimitOnLinux() {
        assertTrue(ConnectionCap.fileDescriptorLimitOfThisProcess().orElse(0) > 0);
    }
}

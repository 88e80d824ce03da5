package dev.authservice.benchmarks.rounds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.benchmarks.load.ClosedLoop;
import org.junit.jupiter.api.Test;

class MeasuredTest {

    @Test
    void slicesAddUpToOneRunWhoseRateIsAllTheirAnswersOverAllTheirTime() {
        Measured first = new Measured(
                new ClosedLoop.Run(900, 1, 1_000_000_000L, new long[] {1, 5}, 10, ""), 100, 0, 10, 400, 50);
        Measured second = new Measured(
                new ClosedLoop.Run(100, 0, 1_000_000_000L, new long[] {3}, 20, "503"), 300, 0, -1, 600, 70);

        Measured both = first.plus(second);

        assertEquals(500.0, both.run().perSecond(), 1e-9, "not the mean of 900/s and 100/s");
        assertEquals(1, both.run().failed());
        assertArrayEquals(new long[] {1, 3, 5}, both.run().latencies());
        assertEquals("503", both.run().failure(), "the first slice's failure, or else the next one's");
        assertEquals(400, both.serviceCpuNanos());
        assertEquals(-1, both.jitCpuNanos(), "a reading that failed in one slice fails the sum");
        assertEquals(1_000, both.machineBusyNanos());
        assertEquals(120, both.databaseCpuNanos());
        assertEquals(Measured.NOT_ON_POSTGRES, new Measured(first.run(), 1, 0, 0, 1, Measured.NOT_ON_POSTGRES)
                .plus(new Measured(first.run(), 1, 0, 0, 1, Measured.NOT_ON_POSTGRES)).databaseCpuNanos(),
                "on H2, still no database reading");
    }
}

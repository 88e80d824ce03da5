package dev.authservice.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuTimeTest {

    @Test
    void anUnreadableJitShareIsNeverTakenForAQuietOne() {
        assertEquals(0.1, CpuTime.jitShare(100, 110, 1_000, 1_100), 1e-9);
        assertTrue(Double.isNaN(CpuTime.jitShare(-1, -1, 1_000, 1_100)));
        assertTrue(Double.isNaN(CpuTime.jitShare(100, 110, -1, -1)));
        assertTrue(Double.isNaN(CpuTime.jitShare(100, 110, 1_000, 1_000)));
        assertTrue(Double.isNaN(CpuTime.jitShare(110, 100, 1_000, 1_100)), "a compiler thread exited in between");
    }

    @Test
    void aFailedReadingFailsWhatIsMadeOfIt() {
        assertEquals(40, CpuTime.difference(60, 100));
        assertEquals(-1, CpuTime.difference(-1, 100));
        assertEquals(-1, CpuTime.difference(60, -1));
        assertEquals(2.5, CpuTime.micros(10_000, 4), 1e-9);
        assertTrue(Double.isNaN(CpuTime.micros(-1, 4)));
    }
}

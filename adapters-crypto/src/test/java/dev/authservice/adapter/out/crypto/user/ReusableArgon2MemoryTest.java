package dev.authservice.adapter.out.crypto.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import de.mkammerer.argon2.jna.Size_t;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ReusableArgon2MemoryTest {

    private final ReusableArgon2Memory memory = new ReusableArgon2Memory();

    @Test
    void aThreadGetsItsBlockBackForEveryHashThatFitsInIt() {
        Pointer first = allocate(19_456 * 1024L);

        assertEquals(first, allocate(19_456 * 1024L));
        assertEquals(first, allocate(8_192 * 1024L));
    }

    @Test
    void aLargerHashGetsALargerBlockWhichIsThenKept() {
        Pointer small = allocate(8_192 * 1024L);
        Pointer large = allocate(32_768 * 1024L);

        assertNotEquals(small, large);
        assertEquals(large, allocate(8_192 * 1024L));
    }

    @Test
    void eachThreadHasABlockOfItsOwn() {
        Pointer mine = allocate(1024);
        Pointer another = CompletableFuture.supplyAsync(() -> allocate(1024)).join();

        assertNotEquals(mine, another);
    }

    @Test
    void aThreadThatReleasedItsBlockGetsANewOne() {
        allocate(4096);

        memory.releaseThisThreadsBlock();

        assertEquals(0, memory.sizeOfThisThreadsBlock());
        assertNotEquals(Pointer.NULL, allocate(1024));
        assertEquals(1024, memory.sizeOfThisThreadsBlock());
        memory.releaseThisThreadsBlock();
        memory.releaseThisThreadsBlock();
    }

    @Test
    void aBlockTheSystemCannotGiveIsReportedToLibargon2() {
        try (Memory out = new Memory(Native.POINTER_SIZE)) {
            assertEquals(Argon2idPasswordHasher.ARGON2_MEMORY_ALLOCATION_ERROR,
                    memory.allocate(out, new Size_t(Long.MAX_VALUE)));
        }
    }

    private Pointer allocate(long bytes) {
        try (Memory out = new Memory(Native.POINTER_SIZE)) {
            assertEquals(Argon2idPasswordHasher.ARGON2_OK, memory.allocate(out, new Size_t(bytes)));
            return out.getPointer(0);
        }
    }
}

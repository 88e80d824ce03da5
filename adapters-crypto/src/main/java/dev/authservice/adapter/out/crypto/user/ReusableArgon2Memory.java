package dev.authservice.adapter.out.crypto.user;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import de.mkammerer.argon2.jna.Size_t;

/**
 * The memory of the hashes, one block per hashing thread, kept from one hash to the next and handed to libargon2
 * through the allocation callbacks of its context. Left to malloc, each hash's 19 MiB is either mapped and faulted in
 * again every time (with glibc's mmap threshold fixed, which the memory target needs) or kept up to twice per arena
 * (with it adaptive); measured in docs/benchmarks, "login_vs_hash". libargon2 wipes the block before it hands it back,
 * so no hash sees another's memory. A thread keeps its block until it calls {@link #releaseThisThreadsBlock()}: at most
 * one block per hashing thread.
 */
final class ReusableArgon2Memory {

    /** {@code int allocate_fptr(uint8_t **memory, size_t bytes_to_allocate)}. */
    public interface Allocate extends Callback {
        int invoke(Pointer memory, Size_t bytes);
    }

    /** {@code void deallocate_fptr(uint8_t *memory, size_t bytes_to_allocate)}. */
    public interface Release extends Callback {
        void invoke(Pointer memory, Size_t bytes);
    }

    private final ThreadLocal<Memory> blocks = new ThreadLocal<>();
    // The callbacks are fields so that they live as long as the function pointers handed out for them.
    private final Allocate allocate = this::allocate;
    private final Release release = (memory, bytes) -> { };
    private final Pointer allocatePointer = CallbackReference.getFunctionPointer(allocate);
    private final Pointer releasePointer = CallbackReference.getFunctionPointer(release);

    Pointer allocateCallback() {
        return allocatePointer;
    }

    Pointer releaseCallback() {
        return releasePointer;
    }

    /** The calling thread's block, replaced by a larger one when a hash with more memory comes along. */
    int allocate(Pointer memory, Size_t bytes) {
        long size = bytes.longValue();
        Memory block = blocks.get();
        if (block == null || block.size() < size) {
            try {
                Memory larger = new Memory(size);
                if (block != null) {
                    block.close();
                }
                block = larger;
                blocks.set(block);
            } catch (OutOfMemoryError e) {
                return Argon2idPasswordHasher.ARGON2_MEMORY_ALLOCATION_ERROR;
            }
        }
        memory.setPointer(0, block);
        return Argon2idPasswordHasher.ARGON2_OK;
    }

    /** The size of the calling thread's block; 0 when it has none. */
    long sizeOfThisThreadsBlock() {
        Memory block = blocks.get();
        return block == null ? 0 : block.size();
    }

    /** Frees the calling thread's block, if it has one; a later hash on this thread gets a new one. */
    void releaseThisThreadsBlock() {
        Memory block = blocks.get();
        if (block != null) {
            blocks.remove();
            block.close();
        }
    }
}

package dev.authservice.benchmarks.service;

import java.util.List;
import java.util.Map;

/**
 * The recommended production flags of the service (docs/benchmarks/README.md, "Memory"): the benchmark starts it
 * with them unless {@code --service-jvm-options} says otherwise, and so do the other commands of this module.
 */
public final class RecommendedFlags {

    /**
     * The JVM options, which keep the resident memory under 256 MiB under load: a fixed 56 MiB heap with the serial
     * collector (one GC thread, no remembered sets; about 30 MiB survive a collection), capped metaspace, code cache
     * and direct memory, smaller thread stacks, two Netty arenas instead of one per event-loop thread, and the native
     * heap trimmed every second.
     */
    public static final List<String> JVM_OPTIONS = List.of(
            "-XX:+UseSerialGC", "-Xms56m", "-Xmx56m", "-XX:MaxMetaspaceSize=80m", "-XX:ReservedCodeCacheSize=64m",
            "-Xss512k", "-XX:MaxDirectMemorySize=32m", "-XX:TrimNativeHeapInterval=1000",
            "-Dio.netty.allocator.numDirectArenas=2", "-Dio.netty.allocator.numHeapArenas=2");

    /**
     * The process environment beside those options: glibc's malloc, not the JVM, holds Argon2's 19 MiB per hash. With
     * a fixed mmap threshold each block goes back to the system when its hash ends (otherwise the threshold adapts
     * upwards and every thread's arena keeps up to twice that), and two arenas bound the rest.
     */
    public static final Map<String, String> ENVIRONMENT = Map.of(
            "MALLOC_ARENA_MAX", "2", "MALLOC_MMAP_THRESHOLD_", "1048576");

    private RecommendedFlags() {
    }
}

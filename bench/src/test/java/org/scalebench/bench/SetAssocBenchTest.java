package org.scalebench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scalebench.core.ReplacementPolicy;

/** Benchmark sanity: both methods perform the same accesses, and the stream has the documented hit ratio. */
class SetAssocBenchTest {

    @ParameterizedTest
    @CsvSource({"512x8, LRU", "512x8, TREE_PLRU"})
    void kernelAndLinkedHashMapAgreeAndMostlyHit(final String geometry, final ReplacementPolicy policy) {
        final SetAssocBench bench = new SetAssocBench();
        bench.geometry = geometry;
        bench.policy = policy;
        bench.setUp();
        int hits = 0;
        final int accesses = 200_000;
        for (int i = 0; i < accesses; i++) {
            final long tag = bench.stream[i & SetAssocBench.STREAM_MASK];
            final boolean kernelHit = bench.tags.peek(tag) >= 0;
            final boolean linkedHit = bench.linked.peek(tag) >= 0;
            bench.next = i;
            final int kernelSlot = bench.kernel();
            bench.next = i;
            final int linkedSlot = bench.linkedHashMap();
            assertEquals(tag, bench.tags.tagAt(kernelSlot));
            if (policy == ReplacementPolicy.LRU) {
                // same replacement, same state: same slot and same hit
                assertEquals(linkedSlot, kernelSlot, "access " + i);
                assertEquals(linkedHit, kernelHit, "access " + i);
            }
            hits += kernelHit ? 1 : 0;
        }
        final double hitRatio = (double) hits / accesses;
        assertTrue(hitRatio > 0.85 && hitRatio < 0.95, "hit ratio " + hitRatio);
    }
}

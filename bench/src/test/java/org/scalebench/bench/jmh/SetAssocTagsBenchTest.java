package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scalebench.core.ReplacementPolicy;

/** Benchmark sanity: both methods perform the same accesses with the same outcomes, and the stream has the documented hit ratio. */
class SetAssocTagsBenchTest {

    @ParameterizedTest
    @CsvSource({"512x8, LRU", "512x8, TREE_PLRU", "65536x16, LRU"})
    void kernelAndReferenceAgreeAndMostlyHit(final String geometry, final ReplacementPolicy policy) {
        final SetAssocTagsBench bench = new SetAssocTagsBench();
        bench.geometry = geometry;
        bench.policy = policy;
        bench.setUp("both");
        int hits = 0;
        final int accesses = 200_000;
        for (int i = 0; i < accesses; i++) {
            final long tag = bench.stream[i & SetAssocTagsBench.STREAM_MASK];
            final boolean kernelHit = bench.tags.peek(tag) >= 0;
            final boolean referenceHit = bench.reference.peek(tag) >= 0;
            bench.next = i;
            final int kernelSlot = bench.kernel();
            bench.next = i;
            final int referenceSlot = bench.reference();
            assertEquals(tag, bench.tags.tagAt(kernelSlot));
            // same replacement policy, same state: same slot and same hit, under LRU and tree-PLRU alike
            assertEquals(referenceSlot, kernelSlot, "access " + i);
            assertEquals(referenceHit, kernelHit, "access " + i);
            hits += kernelHit ? 1 : 0;
        }
        final double hitRatio = (double) hits / accesses;
        assertTrue(hitRatio > 0.85 && hitRatio < 0.95, "hit ratio " + hitRatio);
    }
}

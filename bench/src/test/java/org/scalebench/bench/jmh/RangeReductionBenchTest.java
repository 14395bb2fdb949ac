package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.RangeReduction;

/** Benchmark sanity: the benchmark methods compute what they claim, in range, on the same inputs. */
class RangeReductionBenchTest {

    @Test
    void kernelAndModuloMapTheSameHashesIntoRange() {
        final RangeReductionBench bench = new RangeReductionBench();
        bench.n = 1000;
        bench.setUp();
        for (int i = 0; i < 5000; i++) {
            final long hash = bench.hashes[i & 4095];
            bench.next = i & 4095;
            final int k = bench.kernel();
            assertEquals((i + 1) & 4095, bench.next, "the next call reads the next hash");
            bench.next = i & 4095;
            final int m = bench.modulo();
            assertEquals((i + 1) & 4095, bench.next, "the next call reads the next hash");
            assertEquals(RangeReduction.reduce(hash, 1000), k);
            assertEquals(Long.remainderUnsigned(hash, 1000), m);
            assertTrue(k >= 0 && k < 1000 && m >= 0 && m < 1000);
        }
    }

    @Test
    void batchKernelMatchesSingleReductions() {
        final RangeReductionBatchBench bench = new RangeReductionBatchBench();
        bench.n = 1_000_003;
        bench.setUp();
        final int[] buckets = bench.kernel().clone();
        final int[] remainders = bench.modulo();
        for (int i = 0; i < buckets.length; i++) {
            assertEquals(RangeReduction.reduce(bench.hashes[i], 1_000_003), buckets[i]);
            assertEquals(Long.remainderUnsigned(bench.hashes[i], 1_000_003), remainders[i]);
        }
    }
}

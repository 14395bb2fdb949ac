package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Benchmark sanity: kernel and hardware divide give the same results, one call and batched. */
class FastDivisorBenchTest {

    @ParameterizedTest
    @CsvSource({"7, divide", "7, remainder", "1000003, divide", "2147483647, remainder"})
    void kernelAndModuloAgree(final int divisor, final String operation) {
        final FastDivisorBench bench = new FastDivisorBench();
        bench.divisor = divisor;
        bench.operation = operation;
        bench.setUp();
        for (int i = 0; i <= FastDivisorBench.MASK; i++) {
            bench.next = i;
            final int kernel = bench.kernel();
            bench.next = i;
            assertEquals(bench.modulo(), kernel, operation + " of " + bench.dividends[i] + " by " + divisor);
        }
        final FastDivisorBatchBench batch = new FastDivisorBatchBench();
        batch.divisor = divisor;
        batch.operation = operation;
        batch.setUp();
        final int[] kernel = batch.kernel().clone();
        assertArrayEquals(batch.modulo(), kernel);
    }
}

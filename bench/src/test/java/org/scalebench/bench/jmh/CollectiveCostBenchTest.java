package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Benchmark sanity: {@code kernel} and {@code formula} compute the same cost on the same inputs. */
class CollectiveCostBenchTest {

    @ParameterizedTest
    @ValueSource(strings = {"ring", "rabenseifner", "hierarchical"})
    void kernelAndFormulaAgreeOnEveryInput(final String algorithm) {
        final CollectiveCostBench bench = new CollectiveCostBench();
        bench.algorithm = algorithm;
        bench.setUp();
        for (int i = 0; i < 4096; i++) {
            bench.next = i;
            final double kernel = bench.kernel();
            bench.next = i;
            final double formula = bench.formula();
            assertTrue(kernel > 0, algorithm + " input " + i);
            assertEquals(formula, kernel, formula * 1e-9, algorithm + " input " + i);
        }
    }
}

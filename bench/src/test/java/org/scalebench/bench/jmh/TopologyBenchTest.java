package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Benchmark sanity: kernel and modulo give the same distance for every pair, one call and batched. */
class TopologyBenchTest {

    @ParameterizedTest
    @ValueSource(strings = {"mesh32x32", "mesh1000x1000", "torus32x32", "hierarchical1M", "hierarchicalMixed1M"})
    void kernelAndModuloAgreeOnEveryPair(final String topology) {
        final TopologyBench bench = new TopologyBench();
        bench.topology = topology;
        bench.setUp();
        final Set<Long> distinct = new HashSet<>();
        for (int i = 0; i <= TopologyCase.PAIR_MASK; i++) {
            bench.next = i;
            final long kernel = bench.kernel();
            bench.next = i;
            assertEquals(bench.modulo(), kernel, topology + " pair " + i);
            distinct.add(kernel);
        }
        final TopologyBatchBench batch = new TopologyBatchBench();
        batch.topology = topology;
        batch.setUp();
        assertEquals(batch.modulo(), batch.kernel());
        // the pairs are spread: many hop counts on grids, every level but "same core" on hierarchies
        assertTrue(distinct.size() >= 4, topology + " distances " + distinct);
    }

    @Test
    void rejectsAnUnknownTopology() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new TopologyCase("ring8")).getMessage()
                .startsWith("topology = ring8: must be one of mesh32x32"));
    }
}

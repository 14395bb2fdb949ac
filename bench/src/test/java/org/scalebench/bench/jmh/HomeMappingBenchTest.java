package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scalebench.coherence.home.HomeMapping;

/**
 * Benchmark sanity: the kernel and the plain reference give the same home tile for every access, one call and
 * batched, and every answer is one of the access's domain tiles; the modulo baseline stays in its domain too.
 */
class HomeMappingBenchTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"piton-low, 16", "piton-low, 12", "uniform, 16", "uniform, 12"})
    void kernelAndPlainAgreeOnEveryAccess(final String mapping, final int homes) {
        final HomeMappingBench bench = new HomeMappingBench();
        bench.mapping = mapping;
        bench.homes = homes;
        bench.setUp();
        final Set<Integer> tiles = new HashSet<>();
        for (int i = 0; i < bench.addresses.length; i++) {
            final int hdid = bench.hdids[i];
            bench.next = i;
            final int kernel = bench.kernel();
            bench.next = i;
            assertEquals(bench.plain(), kernel, mapping + " access " + i);
            assertEquals(HomeMapping.parse(mapping, 1024).logicalHomeOfAddress(bench.addresses[i], homes),
                    indexOf(bench.tables[hdid], kernel), mapping + " access " + i + " logical home");
            bench.next = i;
            assertTrue(indexOf(bench.tables[hdid], bench.modulo()) >= 0, "modulo's tile is in domain " + hdid);
            tiles.add(kernel);
        }
        assertTrue(tiles.size() > 100, mapping + " spreads over the domains' tiles: " + tiles.size());
        final HomeMappingBatchBench batch = new HomeMappingBatchBench();
        batch.mapping = mapping;
        batch.homes = homes;
        batch.setUp();
        final int[] kernel = batch.kernel().clone();
        assertArrayEquals(batch.plain(), kernel);
        for (int i = 0; i < kernel.length; i++) {
            bench.next = i;
            assertEquals(bench.kernel(), kernel[i], "batched access " + i);
        }
    }

    private static int indexOf(final int[] table, final int tile) {
        for (int i = 0; i < table.length; i++) {
            if (table[i] == tile) {
                return i;
            }
        }
        return -1;
    }
}

package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.core.LineTable;

/**
 * Benchmark sanity: the chase visits every cache line once per cycle, and in random order; the independent reads
 * read the words their stream names; the footprints are the kernels' sizes.
 */
class MemoryFloorBenchTest {

    @Test
    void theChaseIsOneCycleThroughEveryLineInRandomOrder() {
        final MemoryFloorBench bench = new MemoryFloorBench();
        final int lines = 4096;
        bench.setUp(64L * lines);
        final Set<Long> visited = new HashSet<>();
        int sequential = 0;
        long previous = 0;
        for (int i = 0; i < lines; i++) {
            final long line = bench.dependent();
            assertEquals(0, line % MemoryFloorBench.LINE_WORDS, "a line's first word");
            assertTrue(visited.add(line), "line " + line + " visited twice in one cycle");
            if (Math.abs(line - previous) == MemoryFloorBench.LINE_WORDS) {
                sequential++;
            }
            previous = line;
        }
        assertEquals(lines, visited.size());
        assertEquals(0L, bench.cursor, "the cycle closes after every line");
        assertTrue(sequential < 10, "neighbouring lines follow each other " + sequential + " times");
    }

    @Test
    void independentReadsReadTheWordsOfTheirStream() {
        final MemoryFloorBench bench = new MemoryFloorBench();
        bench.setUp(64L * 1024);
        for (int i = 0; i < 5000; i++) {
            final int index = bench.stream[i & (MemoryFloorBench.STREAM - 1)];
            assertEquals(bench.words[index], bench.independent(), "read " + i);
        }
        assertEquals(5000, bench.next);
    }

    @Test
    void footprintsAreTheKernelsSizes() {
        assertEquals(LineTable.footprintBytes(1 << 20), MemoryFloorBench.bytesOf("lineTable-1M"));
        assertEquals(512L << 20, MemoryFloorBench.bytesOf("lineTable-16M"));
        assertEquals(8L << 20, MemoryFloorBench.bytesOf("sharerRows-1Mx64"));
        assertEquals(128L << 20, MemoryFloorBench.bytesOf("sharerRows-1Mx1024"));
        assertEquals(9L << 20, MemoryFloorBench.bytesOf("setAssocTags-65536x16"));
        for (final String name : MemoryFloorBench.FOOTPRINTS) {
            assertEquals(0, MemoryFloorBench.bytesOf(name) % 64, name);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MemoryFloorBench.bytesOf("lineTable-2M"))
                .getMessage().startsWith("footprint = lineTable-2M: must be one of lineTable-1M"));
        assertThrows(IllegalArgumentException.class, () -> new MemoryFloorBench().setUp(100));
    }
}

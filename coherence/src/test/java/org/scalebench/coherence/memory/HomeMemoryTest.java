package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.network.MeshInterconnect;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.ReplacementPolicy;

/**
 * Hand-checked memory-side timing on a 4x4 mesh (PriME timing: f flits over h hops take 1 + h + f - 1 cycles;
 * 3-flit control, 10-flit data), 16 homes, 1-set x 2-way slices, one controller at node 15 for every home.
 */
class HomeMemoryTest {

    private static final MeshInterconnect MESH = new MeshInterconnect(new MeshTopology(4, 4), 0, 1, 1, 3, 10);
    private static final int[] HOMES = new int[16];

    static {
        for (int h = 0; h < 16; h++) {
            HOMES[h] = h;
        }
    }

    private static HomeMemory memory(final boolean contention, final MemoryStats stats) {
        final int[] controllerOf = new int[16];
        return new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120, new int[] {15}, controllerOf, 13,
                contention, 2), MESH, HOMES, stats);
    }

    @Test
    void aFirstTouchGoesToDramAndTheNextReadHitsTheSlice() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        // home 0 = (0,0) to the controller at 15 = (3,3): 6 hops; request 1 + 6 + 2, data back 1 + 6 + 9
        final long first = m.read(0, 5, 0);
        assertEquals(10 + 9 + 120 + 16, first);
        assertEquals(1, stats.dramReads());
        assertEquals(10, m.read(0, 5, 1000), "held by the slice now");
        assertEquals(2, stats.homeReads());
        assertEquals(1, stats.homeHits());
        assertEquals(0.5, stats.homeHitRate());
        assertEquals(2, stats.messages());
        assertEquals(3 * 6 + 10 * 6, stats.flitHops());
    }

    @Test
    void aFullSliceEvictsAndWritesADirtyVictimBack() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        m.writeBack(3, 100);     // a dirty line arrives: allocated dirty
        m.read(3, 101, 0);       // second way
        m.read(3, 102, 0);       // the set is full: LRU victim is line 100, dirty
        assertEquals(1, stats.dramWrites());
        assertEquals(2, stats.dramReads());
        assertEquals(3, stats.dramAccesses());
        m.read(3, 103, 0);       // evicts 101, clean: no write
        assertEquals(1, stats.dramWrites());
    }

    @Test
    void aBusyControllerMakesTheNextMissWait() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        final long first = m.read(15, 1, 0);  // the home sits at the controller: no network
        assertEquals(10 + 1 + 120 + 1, first); // a message to the same node pays injection only
        final long second = m.read(15, 2, 0); // arrives at the controller at 11, which is busy until 24
        assertEquals(first + 13, second);
        assertEquals(13, stats.queueCycles());
        assertEquals(1, stats.queuedBookings());
    }

    @Test
    void withoutContentionNothingWaits() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(false, stats);
        assertEquals(m.read(15, 1, 0), m.read(15, 2, 0));
        assertEquals(0, m.port(7, 0, 100));
        assertEquals(0, m.port(7, 0, 100));
        assertEquals(0, stats.queueCycles());
    }

    @Test
    void aHomePortIsAQueue() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        assertEquals(0, m.port(7, 100, 3069)); // a broadcast's injection
        assertEquals(3069 - 50, m.port(7, 150, 10), "a response behind it waits for the rest of it");
    }

    @Test
    void theClockAdvancesByTheMeanCoresLatencyAndThinkTime() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        for (int i = 0; i < 16; i++) {
            m.advance(30); // 16 cores, 30 + 2 cycles each: the mean core advanced 32 cycles
        }
        assertEquals(32, m.now());
        assertEquals(32, stats.machineCycles());
        m.setIssuingCores(4);
        m.advance(2); // (2 + 2) / 4 more
        assertEquals(33, m.now());
    }

    @Test
    void homesTouchedAreCountedOnceAndResetClearsThem() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = memory(true, stats);
        m.touch(3, 1);
        m.touch(3, 2);
        m.served(9);
        assertEquals(2, stats.homesTouched());
        stats.reset();
        assertEquals(0, stats.homesTouched());
        assertEquals(0, stats.homeReads());
    }

    @Test
    void idealSlicesHoldEverything() {
        final MemoryStats stats = new MemoryStats();
        final HomeMemory m = new HomeMemory(MemoryConfig.ideal(10), MESH, HOMES, stats);
        assertEquals(10, m.read(0, 1, 0));
        assertEquals(10, m.read(0, 1_000_000, 0));
        assertEquals(0, stats.dramAccesses());
        assertTrue(m.ideal());
    }

    @Test
    void rejectsAControllerOffTheNetworkAndAMismatchedHomeMap() {
        final MemoryStats stats = new MemoryStats();
        assertThrows(IllegalArgumentException.class, () -> new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU,
                10, 120, new int[] {16}, null, 13, true, 2), MESH, HOMES, stats));
        assertThrows(IllegalArgumentException.class, () -> new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU,
                10, 120, new int[] {0}, new int[3], 13, true, 2), MESH, HOMES, stats));
        assertThrows(IllegalArgumentException.class, () -> new MemoryConfig(3, 2, ReplacementPolicy.LRU, 10, 120,
                new int[] {0}, null, 13, true, 2));
    }
}

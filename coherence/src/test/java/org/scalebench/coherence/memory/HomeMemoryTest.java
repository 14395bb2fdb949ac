package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.network.LinkLoad;
import org.scalebench.coherence.network.MeshInterconnect;
import org.scalebench.coherence.network.Messenger;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.ReplacementPolicy;

/**
 * Hand-checked memory-side paths on a 4x4 mesh (PriME timing: f flits over h hops take 1 + h + f - 1 cycles;
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

    private final TimingPath path = new TimingPath();
    private final MemoryStats stats = new MemoryStats();
    private final Messenger messenger = new Messenger(MESH, LinkLoad.NONE, true);

    private HomeMemory memory() {
        return new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120, new int[] {15}, new int[16], 13,
                true, 2), messenger, HOMES, messenger.resources(), stats);
    }

    private long read(final HomeMemory m, final int home, final long line) {
        path.reset();
        m.read(home, line, path);
        return path.zeroLoad();
    }

    @Test
    void aFirstTouchGoesToDramAndTheNextReadHitsTheSlice() {
        final HomeMemory m = memory();
        // home 0 = (0,0) to the controller at 15 = (3,3): 6 hops; request 1 + 6 + 2, data back 1 + 6 + 9
        assertEquals(10 + 9 + 120 + 16, read(m, 0, 5));
        assertEquals(1, stats.dramReads());
        // the path visits: egress of tile 0, ingress of tile 15, the controller, egress of 15, ingress of 0
        assertEquals(5, path.rootLegs());
        assertEquals(10, read(m, 0, 5), "held by the slice now");
        assertEquals(0, path.rootLegs());
        assertEquals(2, stats.homeReads());
        assertEquals(1, stats.homeHits());
        assertEquals(0.5, stats.homeHitRate());
        assertEquals(2, messenger.messages());
        assertEquals(3 * 6 + 10 * 6, messenger.flitHops());
    }

    @Test
    void aFullSliceEvictsAndWritesADirtyVictimBackOffThePath() {
        final HomeMemory m = memory();
        path.reset();
        m.writeBack(3, 100, path); // a dirty line arrives: allocated dirty
        assertEquals(0, path.orphans());
        read(m, 3, 101);           // second way
        assertEquals(0, path.orphans());
        final long zeroLoad = read(m, 3, 102); // the set is full: the LRU victim is line 100, dirty
        assertEquals(1, path.orphans(), "the victim's write-back is an orphan chain");
        assertEquals(read(m, 3, 104) , zeroLoad, "nobody waits for the write-back");
        assertEquals(1, stats.dramWrites());
        assertEquals(3, stats.dramReads());
        assertEquals(4, stats.dramAccesses());
        read(m, 3, 105);           // evicts clean lines: no write
        assertEquals(1, stats.dramWrites());
    }

    @Test
    void aHomeAtTheControllerSendsNoNetworkMessage() {
        final HomeMemory m = memory();
        assertEquals(10 + 1 + 120 + 1, read(m, 15, 1)); // a message to the same node pays injection only
        assertEquals(1, path.rootLegs(), "only the controller's queue");
    }

    @Test
    void withoutContentionThePathVisitsNoQueue() {
        final Messenger free = new Messenger(MESH, LinkLoad.NONE, false);
        final HomeMemory m = new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120, new int[] {15},
                new int[16], 13, false, 2), free, HOMES, free.resources(), stats);
        assertEquals(10 + 9 + 120 + 16, read(m, 0, 5));
        assertEquals(0, path.rootLegs());
    }

    @Test
    void homesTouchedAreCountedOnceAndResetClearsThem() {
        final HomeMemory m = memory();
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
        final HomeMemory m = new HomeMemory(MemoryConfig.ideal(10), messenger, HOMES, messenger.resources(), stats);
        assertEquals(10, read(m, 0, 1));
        assertEquals(10, read(m, 0, 1_000_000));
        assertEquals(0, stats.dramAccesses());
        assertTrue(m.ideal());
    }

    @Test
    void rejectsAControllerOffTheNetworkAndAMismatchedHomeMap() {
        assertThrows(IllegalArgumentException.class, () -> new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU,
                10, 120, new int[] {16}, null, 13, true, 2), messenger, HOMES, 32, stats));
        assertThrows(IllegalArgumentException.class, () -> new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU,
                10, 120, new int[] {0}, new int[3], 13, true, 2), messenger, HOMES, 32, stats));
        assertThrows(IllegalArgumentException.class, () -> new MemoryConfig(3, 2, ReplacementPolicy.LRU, 10, 120,
                new int[] {0}, null, 13, true, 2));
    }
}

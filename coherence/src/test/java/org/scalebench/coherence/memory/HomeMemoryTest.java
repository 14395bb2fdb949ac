package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.network.LinkLoad;
import org.scalebench.coherence.network.MeshInterconnect;
import org.scalebench.coherence.network.Messenger;
import org.scalebench.coherence.timing.RecordingCores;
import org.scalebench.coherence.timing.Resources;
import org.scalebench.coherence.timing.Timeline;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.Mix64;
import org.scalebench.core.ReplacementPolicy;

/**
 * Hand-checked memory-side paths on a 4x4 mesh (PriME timing: f flits over h hops take 1 + h + f - 1 cycles;
 * 3-flit control, 10-flit data), 16 homes, 1-set x 2-way slices, one controller at node 15 for every home (unless a
 * test says otherwise: slices of 4 sets, two controllers by a map or by pages, paths timed on a {@link Timeline}).
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

    // ---- more homes' slices, several controllers, the queues the paths visit ----

    /** The queued resources of a 4x4 mesh's messenger (32 interface queues) and {@code controllers} controllers. */
    private Resources resources(final int controllers) {
        return new Resources(messenger.resources() + controllers);
    }

    /** Times {@code path} on an idle machine from 0: when its root ends. */
    private static long timed(final TimingPath path, final Resources resources) {
        final Timeline timeline = new Timeline(1, resources, 4);
        final RecordingCores driver = new RecordingCores();
        timeline.start(path, 0, 0, 0);
        timeline.run(driver);
        return driver.lastCompleted();
    }

    /**
     * The first line from 0 up whose mix has the given low three bits: with 4 sets a home, the set within the home is
     * the low two bits ({@code mix(line) & (sliceSets - 1)}, the class's model; the mix is {@link Mix64#murmur3}).
     */
    private static long lineWithMix(final int low3) {
        for (long line = 0; ; line++) {
            if ((Mix64.murmur3(line) & 7) == low3) {
                return line;
            }
        }
    }

    @Test
    void eachHomeHasItsOwnSetsAndALineGoesToTheSetItsMixNames() {
        // 4 sets x 1 way a home: a line held stays until another line of its set comes
        final HomeMemory m = new HomeMemory(new MemoryConfig(4, 1, ReplacementPolicy.LRU, 10, 120, new int[] {15},
                new int[16], 13, true, 2), messenger, HOMES, messenger.resources(), stats);
        final long a = lineWithMix(0); // set 0 of its home
        final long c = lineWithMix(4); // set 0 too: the third bit is not part of the set
        final long b = lineWithMix(1); // set 1
        read(m, 2, a);
        read(m, 2, b);
        assertEquals(2, stats.dramReads(), "two first touches");
        assertEquals(10, read(m, 2, a), "a is held: another set took b");
        assertEquals(10, read(m, 2, b), "b is held");
        read(m, 2, c);
        assertEquals(3, stats.dramReads(), "c's first touch");
        // home 2 = (2,0) to the controller at (3,3): 4 hops, 1 + 4 + 2 there, 1 + 4 + 9 back
        assertEquals(10 + 7 + 120 + 14, read(m, 2, a), "c took a's set and way: a comes from DRAM again");
        assertEquals(4, stats.dramReads(), "a's second DRAM read");
        // home 3 has its own slice: b, held by home 2, is a first touch there; then held there too
        read(m, 3, b);
        assertEquals(5, stats.dramReads(), "b at home 3 is not in home 2's slice");
        assertEquals(10, read(m, 3, b), "held by home 3 now");
        assertEquals(10, read(m, 2, b), "and still by home 2");
        // a dirty line written back to home 2 is allocated in home 2's slice, in its own set
        path.reset();
        m.writeBack(2, lineWithMix(2), path);
        assertEquals(10, read(m, 2, lineWithMix(2)), "the written-back line is held by home 2");
        assertEquals(5, stats.dramReads(), "no DRAM read for it");
    }

    @Test
    void aWriteBackOfAHeldLineMarksItDirtyAndEvictsNothing() {
        final HomeMemory m = memory(); // 1 set x 2 ways a home, LRU; home 0's set holds slots 0 and 1
        read(m, 0, 200);
        read(m, 0, 201);
        path.reset();
        m.writeBack(0, 200, path); // held: now dirty and the most recently used
        m.writeBack(0, 201, path); // held: dirty too, and the most recently used
        assertEquals(0, path.orphans(), "nothing written to DRAM");
        assertEquals(10, read(m, 0, 200), "200 was not evicted");
        assertEquals(10, read(m, 0, 201), "201 was not evicted");
        assertEquals(2, stats.dramReads(), "no more DRAM reads");
        read(m, 0, 202);           // evicts the least recently used, 200, dirty
        assertEquals(1, stats.dramWrites(), "200 was dirty");
        read(m, 0, 203);           // evicts 201, dirty
        assertEquals(2, stats.dramWrites(), "201 was dirty");
        read(m, 0, 204);           // evicts 202, clean
        assertEquals(2, stats.dramWrites(), "202 was clean");
        assertEquals(5, stats.dramReads(), "202, 203 and 204");
    }

    @Test
    void aDirtyVictimIsSentToItsControllerWhichItOccupiesAndThePathGoesOnInTheRoot() {
        final HomeMemory m = memory();
        final Resources queues = resources(1);
        path.reset();
        m.writeBack(3, 100, path);
        read(m, 3, 101);
        final long messages = messenger.messages();
        final long flitHops = messenger.flitHops();
        path.reset();
        m.read(3, 102, path);      // evicts 100, dirty
        path.delay(7);             // what the protocol adds after the read goes to the root
        // home 3 = (3,0) to the controller at (3,3): 3 hops; 1 + 3 + 2 there, 120, 1 + 3 + 9 back, then the 7
        assertEquals(10 + 6 + 120 + 13 + 7, path.zeroLoad(), "the read, then the 7 cycles in the root");
        assertEquals(3, messenger.messages() - messages, "the request, the data, and the victim's data");
        assertEquals(3 * 3 + 10 * 3 + 10 * 3, messenger.flitHops() - flitHops, "3 + 10 + 10 flits over 3 hops");
        // timed on idle queues: nothing delays the root, and the controller serves the read and the write-back
        assertEquals(10 + 6 + 120 + 13 + 7, timed(path, queues), "the write-back is off the critical path");
        assertEquals(2 * 13, queues.busyCycles(32), "controller 0 (resource 32): the read and the write-back");
        assertEquals(2, queues.served(32), "two visits");
    }

    @Test
    void aHomeUsesTheControllerItsMapNamesAtItsOwnQueue() {
        // two controllers, at 15 = (3,3) and 12 = (0,3); even homes use controller 0, odd homes controller 1
        final int[] map = new int[16];
        for (int h = 1; h < 16; h += 2) {
            map[h] = 1;
        }
        final HomeMemory m = new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120,
                new int[] {15, 12}, map, 13, true, 2), messenger, HOMES, messenger.resources(), stats);
        assertEquals(2, m.controllers(), "two controllers");
        assertFalse(m.ideal(), "finite slices");
        // home 1 = (1,0) to (0,3): 4 hops; 1 + 4 + 2 there, 1 + 4 + 9 back
        assertEquals(10 + 7 + 120 + 14, read(m, 1, 5), "home 1 reads through controller 1");
        final Resources queues = resources(2);
        timed(path, queues);
        assertEquals(13, queues.busyCycles(32 + 1), "controller 1 is resource 32 + 1");
        assertEquals(0, queues.busyCycles(32), "controller 0 idle");
        // home 0 = (0,0) to (3,3): 6 hops
        assertEquals(10 + 9 + 120 + 16, read(m, 0, 5), "home 0 reads through controller 0");
    }

    @Test
    void withoutAMapWholePagesInterleaveOverTheControllers() {
        // controllers at 12 = (0,3), 3 hops from home 0, and 15 = (3,3), 6 hops: the latency says which one served
        final HomeMemory m = new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120,
                new int[] {12, 15}, null, 13, true, 2), messenger, HOMES, messenger.resources(), stats);
        final long near = 10 + (1 + 3 + 2) + 120 + (1 + 3 + 9);
        final long far = 10 + (1 + 6 + 2) + 120 + (1 + 6 + 9);
        int nearPages = 0;
        int farPages = 0;
        final int linesPerPage = 1 << LineAddress.LINES_PER_PAGE_SHIFT;
        for (long page = 0; page < 16; page++) {
            final long first = read(m, 0, page * linesPerPage);
            assertTrue(first == near || first == far, "page " + page + ": one of the two controllers, " + first);
            for (int k = 1; k < linesPerPage; k++) {
                assertEquals(first, read(m, 0, page * linesPerPage + k), "page " + page + " line " + k
                        + ": the page's controller");
            }
            if (first == near) {
                nearPages++;
            } else {
                farPages++;
            }
        }
        assertTrue(nearPages > 0 && farPages > 0, "both controllers serve pages: " + nearPages + " and " + farPages);
    }

    @Test
    void idealSlicesCountEveryReadAsAHitAndTouchNoSet() {
        final HomeMemory m = new HomeMemory(MemoryConfig.ideal(10), messenger, HOMES, messenger.resources(), stats);
        read(m, 0, 1);
        read(m, 4, 2);
        assertEquals(2, stats.homeReads(), "two reads");
        assertEquals(2, stats.homeHits(), "both held");
        assertEquals(1.0, stats.homeHitRate(), "every read a hit");
        assertEquals(0, m.touch(6, 3), "nothing to prefetch");
        assertEquals(1, stats.homesTouched(), "but home 6 is marked served");
        path.reset();
        m.writeBack(0, 1, path);
        assertEquals(0, path.orphans(), "an ideal slice writes nothing back");
    }

    @Test
    void controllersMayBeAtAnyNodeOfTheNetworkAndNowhereElse() {
        final HomeMemory atZero = new HomeMemory(new MemoryConfig(1, 2, ReplacementPolicy.LRU, 10, 120,
                new int[] {0}, null, 13, true, 2), messenger, HOMES, messenger.resources(), stats);
        assertEquals(10 + 1 + 120 + 1, read(atZero, 0, 1), "node 0 is a node: home 0 reads at its own node");
        assertThrows(IllegalArgumentException.class, () -> new HomeMemory(new MemoryConfig(1, 2,
                ReplacementPolicy.LRU, 10, 120, new int[] {-1}, null, 13, true, 2), messenger, HOMES, 32, stats),
                "node -1");
    }

    @Test
    void slicesOfMoreSlotsThanOneArrayHoldsAreRefusedByName() {
        // 16 homes x 2^27 sets x 2 ways = 2^32 slots, more than an array's 2^31 - 9
        final MemoryConfig huge = new MemoryConfig(1 << 27, 2, ReplacementPolicy.LRU, 10, 120, new int[] {15}, null,
                13, true, 2);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HomeMemory(huge, messenger, HOMES, 32, stats));
        assertEquals("16 homes x 268435456 slice lines: more slots than one array holds", e.getMessage(),
                "the homes and the lines of each slice");
    }
}

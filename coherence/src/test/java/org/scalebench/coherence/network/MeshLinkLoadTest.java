package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.scalebench.core.MeshTopology;

/**
 * The mesh's link-contention model worked by hand from its Javadoc: per directed link and epoch of {@code T} cycles,
 * {@code offered = backlog + flits}, {@code served = min(offered, T)}, {@code backlog = offered - served},
 * {@code rho += 1/4 (served / T - rho)}, {@code s += 1/4 (squared flits / T - s)}, and the link's wait is
 * {@code backlog + s / (2 (1 - min(rho, 0.98)))}; a route's delay is the sum of its XY links' waits, rounded.
 *
 * <p>Most tests run one epoch of {@code T = 2} cycles with 6-flit messages from an idle mesh, so that a link crossed
 * by {@code n} of them has {@code offered = 6n}, {@code served = 2}, {@code backlog = 6n - 2}, {@code rho = 1/4},
 * {@code s = 36n / 2 / 4 = 4.5n}, and waits {@code 6n - 2 + 4.5n / 1.5 = 9n - 2} cycles: 7 for one message, 16 for
 * two, 0 for none. The mesh is 4 x 3, tile {@code t = y * 4 + x}:
 *
 * <pre>
 *   y=0:  0  1  2  3
 *   y=1:  4  5  6  7
 *   y=2:  8  9 10 11
 * </pre>
 *
 * Links are named by direction, row (east, west) or column (south, north) and index {@code k}, which joins positions
 * {@code k} and {@code k + 1} of that line; south is towards higher y.
 */
class MeshLinkLoadTest {

    private static final MeshTopology MESH = new MeshTopology(4, 3);
    /** The epoch of the saturated tests, in cycles. */
    private static final long T = 2;
    /** The messages' length in the saturated tests, in flits. */
    private static final int L = 6;
    /** A link's wait after one saturated epoch with one 6-flit message on it. */
    private static final long ONE = 7;
    /** The same with two messages. */
    private static final long TWO = 16;

    @Test
    void eachLinkWaitsItsOwnBacklogAndQueueAlongXyRoutesInAllFourDirections() {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(4, 7, L);   // (0,1) -> (3,1): east row 1, k = 0, 1, 2
        load.carry(5, 7, L);   // (1,1) -> (3,1): east row 1, k = 1, 2
        load.carry(11, 9, L);  // (3,2) -> (1,2): west row 2, k = 1, 2
        load.carry(10, 8, L);  // (2,2) -> (0,2): west row 2, k = 0, 1
        load.carry(2, 10, L);  // (2,0) -> (2,2): south column 2, k = 0, 1
        load.carry(2, 6, L);   // (2,0) -> (2,1): south column 2, k = 0
        load.carry(9, 1, L);   // (1,2) -> (1,0): north column 1, k = 0, 1
        load.carry(0, 11, L);  // (0,0) -> (3,2): east row 0, k = 0, 1, 2, then south column 3, k = 0, 1
        load.carry(7, 0, L);   // (3,1) -> (0,0): west row 1, k = 0, 1, 2, then north column 0, k = 0
        load.carry(3, 3, L);   // to itself: no link
        load.endEpoch(T);
        // east row 1 carries 1, 2, 2 messages: waits 7, 16, 16
        assertEquals(ONE + TWO + TWO, load.delay(4, 7), "east along row 1");
        assertEquals(TWO + TWO, load.delay(5, 7), "east row 1 from x = 1");
        assertEquals(TWO, load.delay(5, 6), "east row 1, k = 1 alone");
        assertEquals(ONE, load.delay(4, 5), "east row 1, k = 0 alone");
        // west row 2 carries 1, 2, 1
        assertEquals(ONE + TWO + ONE, load.delay(11, 8), "west along row 2");
        assertEquals(TWO, load.delay(10, 9), "west row 2, k = 1 alone");
        // south column 2 carries 2, 1
        assertEquals(TWO + ONE, load.delay(2, 10), "south along column 2");
        assertEquals(ONE, load.delay(6, 10), "south column 2, k = 1 alone");
        // north column 1 carries 1, 1
        assertEquals(ONE + ONE, load.delay(9, 1), "north along column 1");
        assertEquals(ONE, load.delay(5, 1), "north column 1, k = 0 alone");
        // routes that turn: the row of the source, then the column of the destination
        assertEquals(3 * ONE + 2 * ONE, load.delay(0, 11), "east row 0, then south column 3");
        assertEquals(3 * ONE + ONE, load.delay(7, 0), "west row 1, then north column 0");
        assertEquals(ONE + TWO + TWO + ONE, load.delay(4, 11), "east row 1, then south column 3, k = 1");
        assertEquals(ONE + TWO + ONE + ONE, load.delay(11, 0), "west row 2, then north column 0, k = 0 and 1 (idle)");
        assertEquals(ONE, load.delay(6, 9), "west row 1, k = 1, then south column 1, k = 1 (idle)");
        // idle links and a node to itself
        assertEquals(0, load.delay(8, 4), "north column 0, k = 1 was not crossed");
        assertEquals(0, load.delay(1, 9), "south column 1 was not crossed");
        assertEquals(0, load.delay(5, 5), "no link to itself");
        // every loaded link served T flits in T cycles
        assertEquals(1.0, load.maxUtilization(T), "the busiest link served one flit per cycle");
    }

    @Test
    void aTallMeshKeepsRowsAndColumnsApart() {
        // 2 x 3, tile t = y * 2 + x: (0,0) -> (1,2) is east row 0, k = 0, then south column 1, k = 0 and 1
        final MeshLinkLoad load = new MeshLinkLoad(new MeshTopology(2, 3));
        load.carry(0, 5, L);
        load.carry(3, 5, L);   // (1,1) -> (1,2): south column 1, k = 1
        load.carry(4, 0, L);   // (0,2) -> (0,0): north column 0, k = 0 and 1
        load.endEpoch(T);
        assertEquals(ONE + ONE + TWO, load.delay(0, 5), "east row 0, then south column 1 (k = 1 twice)");
        assertEquals(TWO, load.delay(3, 5), "south column 1, k = 1");
        assertEquals(ONE, load.delay(1, 3), "south column 1, k = 0");
        assertEquals(ONE + ONE, load.delay(4, 0), "north column 0");
        assertEquals(0, load.delay(1, 0), "west row 0 is idle");
        assertEquals(0, load.delay(5, 3), "north column 1 is idle");
    }

    @Test
    void anUnderloadedLinkWaitsOnlyThePollaczekKhinchineMean() {
        // one 32-flit message per link in 64 cycles: served 32, no backlog, rho = 1/4 * 32/64 = 1/8,
        // s = 1/4 * 1024/64 = 4, wait = 4 / (2 * 7/8) = 16/7 = 2.2857 per link
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(0, 3, 32); // east row 0, k = 0, 1, 2
        load.endEpoch(64);
        assertEquals(2, load.delay(0, 1), "16/7 = 2.29 rounds down");
        assertEquals(5, load.delay(0, 2), "32/7 = 4.57 rounds up");
        assertEquals(7, load.delay(0, 3), "48/7 = 6.86 rounds up");
        assertEquals(0.5, load.maxUtilization(64), "32 flits in 64 cycles");
    }

    @Test
    void backlogAndSmoothedLoadCarryOverToLaterEpochs() {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(0, 1, L);
        load.endEpoch(T);
        // epoch 1: backlog 4, rho 1/4, s 4.5: 4 + 4.5 / 1.5 = 7
        assertEquals(ONE, load.delay(0, 1), "epoch 1");
        load.endEpoch(T);
        // epoch 2, no new flits: offered 4, served 2, backlog 2; rho = 1/4 + 1/4 (1 - 1/4) = 7/16;
        // s = 4.5 - 4.5/4 = 3.375; wait = 2 + 3.375 / (2 * 9/16) = 2 + 3 = 5
        assertEquals(5, load.delay(0, 1), "epoch 2: the offered flits were not counted again");
        load.endEpoch(T);
        // epoch 3: offered 2, served 2, backlog 0; rho = 7/16 + 1/4 (1 - 7/16) = 37/64; s = 3.375 * 3/4 = 2.53125;
        // wait = 2.53125 / (2 * 27/64) = 3
        assertEquals(3, load.delay(0, 1), "epoch 3");
        assertEquals(1.0, load.maxUtilization(3 * T), "2 flits served in each of 3 epochs of 2 cycles");
        load.endEpoch(T);
        // epoch 4: nothing offered; rho = 37/64 * 3/4 = 111/256; s = 2.53125 * 3/4 = 1.8984375;
        // wait = 1.8984375 / (2 * 145/256) = 1.676
        assertEquals(2, load.delay(0, 1), "epoch 4");
        assertEquals(0.75, load.maxUtilization(4 * T), "6 flits in 8 cycles");
    }

    @Test
    void aNewEpochAddsToTheSmoothedLoadRatherThanReplacingIt() {
        // two underloaded epochs of 64 cycles, one 32-flit message each: rho = 1/8, then 1/8 + 1/4 (1/2 - 1/8) = 7/32;
        // s = 4, then 4 + 1/4 (16 - 4) = 7; wait = 7 / (2 * 25/32) = 4.48
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(4, 8, 32); // south column 0, k = 1
        load.endEpoch(64);
        load.carry(4, 8, 32);
        load.endEpoch(64);
        assertEquals(4, load.delay(4, 8), "7 / (25/16) = 4.48");
    }

    @Test
    void theQueueingDelayIsComputedAtNoMoreThanRhoCap() {
        // 2 flits every 2 cycles: served 2, never a backlog; after n epochs rho = 1 - (3/4)^n and s = 2 (1 - (3/4)^n).
        // After 20, rho = 0.9968 > 0.98: wait = 1.99366 / (2 * 0.02) = 49.8 (at rho itself it would be 314)
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        for (int epoch = 0; epoch < 20; epoch++) {
            load.carry(9, 10, 2); // east row 2, k = 1
            load.endEpoch(T);
        }
        assertEquals(50, load.delay(9, 10));
    }

    @Test
    void anEpochOfNoCyclesChangesNothingAndKeepsItsFlitsOffered() {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(0, 1, L);
        load.endEpoch(0);
        assertEquals(0, load.delay(0, 1), "no epoch has ended yet");
        load.endEpoch(T);
        assertEquals(ONE, load.delay(0, 1), "the flits offered before the empty epoch count in the next one");
        load.endEpoch(0);
        assertEquals(ONE, load.delay(0, 1), "the delays of the last real epoch stay");
        assertEquals(0.0, load.maxUtilization(0), "no time elapsed: utilization 0");
    }

    @Test
    void discardedFlitsAreNeitherServedNorQueued() {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(0, 1, L);
        load.discardOffered();
        load.endEpoch(T);
        // without the flits: no backlog; without their squares: s = 0; so no wait at all
        assertEquals(0, load.delay(0, 1), "neither backlog nor queue");
        assertEquals(0.0, load.maxUtilization(T), "nothing served");
    }

    @Test
    void resetCountersZeroesTheUtilizationButKeepsTheDelays() {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        load.carry(0, 1, L);
        load.endEpoch(T);
        assertEquals(1.0, load.maxUtilization(T), "2 flits in 2 cycles");
        load.resetCounters();
        assertEquals(0.0, load.maxUtilization(T), "counters zeroed");
        assertEquals(ONE, load.delay(0, 1), "delays kept");
    }

    @Test
    void aMulticastPutsOneCopyOnEachLinkOfItsXyTree() {
        // from 5 (1,1) to 3 (3,0), 11 (3,2), 8 (0,2), 6 (2,1): along row 1 east to column 3 and west to column 0,
        // then column 3 north to row 0 and south to row 2, column 0 south to row 2; column 2's target is on the
        // root's row. East row 1 is shared by three targets and still carries one copy. Then a second tree, from 0
        // to 1 alone: the first tree's columns are forgotten.
        assertTreeLinks(load -> {
            load.carryTree(5, new int[] {3, 11, 8, 6}, 4, L);
            load.carryTree(0, new int[] {1}, 1, L);
        }, 5, 6, 6, 7, 5, 4, 7, 3, 7, 11, 4, 8, 0, 1);
    }

    @Test
    void acknowledgementsComeBackOnceOverEachLinkOfTheInwardTree() {
        // to 5 (1,1) from 3 (3,0), 8 (0,2), 10 (2,2), 4 (0,1): along row 0 west from column 3, along row 2 west from
        // column 2 and east from column 0, along row 1 east from column 0, then column 1 north from row 2 and south
        // from row 0; 8 and 10 share the link 9 -> 5, which carries one acknowledgement. Then a second inward tree,
        // to 0 from 1: the first tree's rows are forgotten.
        assertTreeLinks(load -> {
            load.carryTreeInward(5, new int[] {3, 8, 10, 4}, 4, L);
            load.carryTreeInward(0, new int[] {1}, 1, L);
        }, 3, 2, 2, 1, 10, 9, 8, 9, 4, 5, 9, 5, 1, 5, 1, 0);
    }

    @Test
    void aBroadcastPutsOneCopyOnEachLinkOfTheRootsRowAndOfEveryColumn() {
        // from 5 (1,1): row 1 east and west to its ends, then every column north to row 0 and south to row 2;
        // 11 links reach the 11 other tiles
        assertTreeLinks(load -> load.carryBroadcast(5, L),
                5, 6, 6, 7, 5, 4, 4, 0, 5, 1, 6, 2, 7, 3, 4, 8, 5, 9, 6, 10, 7, 11);
    }

    @Test
    void aBroadcastsAcknowledgementsComeBackOverEveryRowAndTheRootsColumn() {
        // to 5 (1,1): every row from both of its ends to column 1, then column 1 from rows 0 and 2; 11 links
        assertTreeLinks(load -> load.carryBroadcastInward(5, L),
                3, 2, 2, 1, 0, 1, 7, 6, 6, 5, 4, 5, 11, 10, 10, 9, 8, 9, 9, 5, 1, 5);
    }

    /** One saturated epoch of what {@code carry} puts on an idle mesh: one message on each of the given links. */
    private static void assertTreeLinks(final Consumer<MeshLinkLoad> carry, final int... pairs) {
        final MeshLinkLoad load = new MeshLinkLoad(MESH);
        carry.accept(load);
        load.endEpoch(T);
        assertLinkWaits(load, ONE, pairs);
    }

    /**
     * Checks every straight route of {@link #MESH} (within one row or one column, every length): its delay is
     * {@code wait} times the number of its links among those given as pairs of neighbouring tiles; the others wait 0.
     */
    private static void assertLinkWaits(final MeshLinkLoad load, final long wait, final int... pairs) {
        final boolean[][] loaded = new boolean[MESH.tiles()][MESH.tiles()];
        for (int i = 0; i < pairs.length; i += 2) {
            assertEquals(1, MESH.hops(pairs[i], pairs[i + 1]), "a link joins neighbours");
            loaded[pairs[i]][pairs[i + 1]] = true;
        }
        int routes = 0;
        for (int a = 0; a < MESH.tiles(); a++) {
            for (int b = 0; b < MESH.tiles(); b++) {
                if (a == b || (MESH.x(a) != MESH.x(b) && MESH.y(a) != MESH.y(b))) {
                    continue;
                }
                final int step = MESH.x(a) == MESH.x(b) ? (b > a ? MESH.width() : -MESH.width()) : (b > a ? 1 : -1);
                long links = 0;
                for (int t = a; t != b; t += step) {
                    links += loaded[t][t + step] ? 1 : 0;
                }
                routes++;
                assertEquals(wait * links, load.delay(a, b), "route " + a + " -> " + b);
            }
        }
        assertEquals(3 * 4 * 3 + 4 * 3 * 2, routes, "straight routes of a 4 x 3 mesh: 4 x 3 per row, 3 x 2 per column");
    }
}

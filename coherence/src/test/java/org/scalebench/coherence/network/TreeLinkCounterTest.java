package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;

/**
 * The multicast-tree counters, linear in the targets, against plain references that compare every pair of targets:
 * random target sets (repeats and the root included) on a mesh and on a warehouse hierarchy, fixed seeds, the same
 * counter reused from set to set; and worked by hand on small trees.
 */
class TreeLinkCounterTest {

    private static final MeshTopology MESH = new MeshTopology(8, 5);
    private static final MeshInterconnect MESH_NETWORK = new MeshInterconnect(MESH, 2, 1, 3, 1, 16);
    /** 2-core servers, 3 servers per rack, 2 racks per array, 3 arrays: 36 cores, of which 31 are used. */
    private static final HierarchicalTopology HIERARCHY = new HierarchicalTopology(2, 3, 2, 3, new long[5]);
    private static final HierarchicalInterconnect WAREHOUSE = new HierarchicalInterconnect(HIERARCHY, 31,
            new long[] {0, 10, 100, 1000, 10000}, new double[] {1, 32, 8, 4, 2}, 1, 16);

    /** The XY tree by pairs: the root's row across the target columns, then each column to its farthest targets. */
    private static long xyReference(final int from, final int[] targets, final int count) {
        final int x0 = MESH.x(from);
        final int y0 = MESH.y(from);
        int minX = x0;
        int maxX = x0;
        long vertical = 0;
        for (int i = 0; i < count; i++) {
            final int x = MESH.x(targets[i]);
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            boolean seen = false;
            for (int j = 0; j < i; j++) {
                seen |= MESH.x(targets[j]) == x;
            }
            if (seen) {
                continue;
            }
            int up = 0;
            int down = 0;
            for (int j = 0; j < count; j++) {
                if (MESH.x(targets[j]) == x) {
                    up = Math.max(up, y0 - MESH.y(targets[j]));
                    down = Math.max(down, MESH.y(targets[j]) - y0);
                }
            }
            vertical += up + down;
        }
        return (maxX - minX) + vertical;
    }

    /** The switch tree by pairs: a descent into a server, rack or array no earlier target (nor the root) holds. */
    private static long switchReference(final int from, final int[] targets, final int count) {
        int highest = 0;
        long links = 0;
        for (int i = 0; i < count; i++) {
            final int t = targets[i];
            highest = Math.max(highest, HIERARCHY.level(from, t));
            links++;
            boolean server = HIERARCHY.serverOf(t) != HIERARCHY.serverOf(from);
            boolean rack = HIERARCHY.rackOf(t) != HIERARCHY.rackOf(from);
            boolean cluster = HIERARCHY.clusterOf(t) != HIERARCHY.clusterOf(from);
            for (int j = 0; j < i; j++) {
                server &= HIERARCHY.serverOf(targets[j]) != HIERARCHY.serverOf(t);
                rack &= HIERARCHY.rackOf(targets[j]) != HIERARCHY.rackOf(t);
                cluster &= HIERARCHY.clusterOf(targets[j]) != HIERARCHY.clusterOf(t);
            }
            links += (server ? 1 : 0) + (rack ? 1 : 0) + (cluster ? 1 : 0);
        }
        return links + highest;
    }

    @Test
    void theLinearCountsAreThePairwiseOnesOnRandomTargetSets() {
        final TreeLinkCounter xy = MESH_NETWORK.newTreeLinkCounter();
        final TreeLinkCounter switches = WAREHOUSE.newTreeLinkCounter();
        final SplittableRandom random = new SplittableRandom(20261204);
        final int[] targets = new int[64];
        for (int round = 0; round < 5_000; round++) {
            final int count = random.nextInt(targets.length + 1);
            final int meshRoot = random.nextInt(MESH.tiles());
            for (int i = 0; i < count; i++) {
                targets[i] = random.nextInt(MESH.tiles());
            }
            assertEquals(xyReference(meshRoot, targets, count), xy.links(meshRoot, targets, count), "mesh " + round);
            final int root = random.nextInt(31);
            for (int i = 0; i < count; i++) {
                targets[i] = random.nextInt(31);
            }
            if ((round & 1) == 1) { // ascending, as a coarse vector lists its groups: runs of one server, the root among them
                Arrays.sort(targets, 0, count);
            }
            assertEquals(switchReference(root, targets, count), switches.links(root, targets, count), "tree " + round);
        }
    }

    @Test
    void runsOfTargetsCountAsTheirCoresListedOneByOne() {
        final TreeLinkCounter switches = WAREHOUSE.newTreeLinkCounter();
        final TreeLinkCounter listed = WAREHOUSE.newTreeLinkCounter();
        final SplittableRandom random = new SplittableRandom(20261205);
        final int[] runs = new int[2 * 31];
        final int[] cores = new int[31];
        for (int round = 0; round < 5_000; round++) {
            int runCount = 0;
            for (int first = random.nextInt(4); first < 31; first += 1 + random.nextInt(6)) {
                final int end = Math.min(31, first + 1 + random.nextInt(6));
                runs[2 * runCount] = first;
                runs[2 * runCount + 1] = end;
                runCount++;
                first = end;
            }
            final int root = random.nextInt(31);
            final int excluded = random.nextInt(4) == 0 ? -1 : random.nextInt(31);
            int count = 0;
            for (int r = 0; r < runCount; r++) {
                for (int core = runs[2 * r]; core < runs[2 * r + 1]; core++) {
                    if (core != excluded) {
                        cores[count++] = core;
                    }
                }
            }
            assertEquals(listed.links(root, cores, count), switches.linksOfRuns(root, runs, runCount, excluded),
                    "round " + round + ": root " + root + ", excluded " + excluded);
        }
        // the root alone in its server's run is a core link and no climb, as listed
        assertEquals(1, switches.linksOfRuns(0, new int[] {0, 1}, 1, -1));
        assertEquals(1, switches.linksOfRuns(0, new int[] {0, 2}, 1, 1));
        assertEquals(2 + 1, switches.linksOfRuns(0, new int[] {0, 2}, 1, -1));
        // a run of one core that ends just before the root, in the root's server: its core link and a climb of 1
        assertEquals(1 + 1, switches.linksOfRuns(1, new int[] {0, 1}, 1, -1));
        assertTrue(switches.countsRuns());
        assertFalse(MESH_NETWORK.newTreeLinkCounter().countsRuns());
    }

    @Test
    void smallTreesWorkedByHand() {
        final TreeLinkCounter xy = MESH_NETWORK.newTreeLinkCounter();
        // root (1,1) = tile 9; targets (3,1), (3,4), (0,0), (3,0): row 0..3 (3 links), column 3 rows 0..4 (4), column 0 up 1
        assertEquals(3 + 4 + 1, xy.links(9, new int[] {11, 35, 0, 3}, 4));
        assertEquals(0, xy.links(9, new int[] {9, 9}, 2), "the root alone");
        final TreeLinkCounter switches = WAREHOUSE.newTreeLinkCounter();
        // root core 0; core 1 (same server): 1 link down plus the climb of 1
        assertEquals(1 + 1, switches.links(0, new int[] {1}, 1));
        // cores 2 and 3 (one server of the root's rack): 2 core links + 1 server descent + climb 2
        assertEquals(2 + 1 + 2, switches.links(0, new int[] {2, 3}, 2));
        // core 30 (array 2, rack 5, server 15): 1 + server + rack + array descents + climb 4
        assertEquals(1 + 3 + 4, switches.links(0, new int[] {30}, 1));
        // the root as a target is a core link and no climb; a core beside it in its server climbs one level
        assertEquals(1, switches.links(0, new int[] {0}, 1));
        assertEquals(2 + 1, switches.links(0, new int[] {0, 1}, 2));
        assertEquals(2 + 1, switches.links(1, new int[] {0, 1}, 2));
        assertEquals(3 + 1 + 2, switches.links(2, new int[] {0, 2, 3}, 3));
        // a repeated target is another core link, not another descent
        assertEquals(2 + 3 + 4, switches.links(0, new int[] {30, 30}, 2));
        // the reference tells a tree with one more server apart (the comparison can fail)
        assertNotEquals(switchReference(0, new int[] {2, 4}, 2), switchReference(0, new int[] {2, 3}, 2));
    }

    @Test
    void afterTheLargestIntOfTreesTheMarksStartAgainWithNoSwitchLeftReached() throws ReflectiveOperationException {
        final TreeLinkCounter switches = WAREHOUSE.newTreeLinkCounter();
        // tree 1, from core 0 to core 30: 1 core link, descents into array 2, rack 5 and server 15 (each marked 1),
        // and the climb of 4
        assertEquals(1 + 3 + 4, switches.links(0, new int[] {30}, 1));
        // on to the last tree before the marks wrap (counting 2^31 - 1 trees would take minutes)
        final java.lang.reflect.Field tree = switches.getClass().getDeclaredField("tree");
        tree.setAccessible(true);
        tree.setInt(switches, Integer.MAX_VALUE);
        // the next tree is marked 1 again: what tree 1 marked must not look reached
        assertEquals(1 + 3 + 4, switches.links(0, new int[] {30}, 1), "the first tree after the wrap");
        assertEquals(1 + 3 + 4, switches.links(0, new int[] {30}, 1), "the second");
    }
}

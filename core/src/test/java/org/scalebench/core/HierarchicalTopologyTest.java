package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.scalebench.core.HierarchicalTopology.ACROSS_CLUSTERS;
import static org.scalebench.core.HierarchicalTopology.SAME_CLUSTER;
import static org.scalebench.core.HierarchicalTopology.SAME_CORE;
import static org.scalebench.core.HierarchicalTopology.SAME_RACK;
import static org.scalebench.core.HierarchicalTopology.SAME_SERVER;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HierarchicalTopologyTest {

    private static final long[] LATENCIES = {0, 10, 200, 3_000, 40_000};

    /** The definition, with divisions: the highest grouping two cores differ at. */
    private static int definedLevel(final int a, final int b, final int cps, final int spr, final int rpc) {
        if (a == b) {
            return SAME_CORE;
        }
        if (a / cps == b / cps) {
            return SAME_SERVER;
        }
        if (a / (cps * spr) == b / (cps * spr)) {
            return SAME_RACK;
        }
        return a / (cps * spr * rpc) == b / (cps * spr * rpc) ? SAME_CLUSTER : ACROSS_CLUSTERS;
    }

    @ParameterizedTest(name = "{0} x {1} x {2} x {3}")
    @CsvSource({"2, 3, 2, 2", "4, 2, 4, 3", "1, 1, 1, 5", "3, 1, 5, 1", "8, 4, 2, 2", "1, 8, 1, 4", "6, 5, 3, 2",
        "3, 2, 2, 2", "2, 2, 3, 2"})
    void everyPairOfASmallMachineHasItsDefinedLevel(final int cps, final int spr, final int rpc, final int clusters) {
        final HierarchicalTopology machine = new HierarchicalTopology(cps, spr, rpc, clusters, LATENCIES);
        assertEquals(cps * spr * rpc * clusters, machine.cores());
        for (int a = 0; a < machine.cores(); a++) {
            assertEquals(a / cps, machine.serverOf(a));
            assertEquals(a / (cps * spr), machine.rackOf(a));
            assertEquals(a / (cps * spr * rpc), machine.clusterOf(a));
            for (int b = 0; b < machine.cores(); b++) {
                final int level = definedLevel(a, b, cps, spr, rpc);
                assertEquals(level, machine.level(a, b), machine + " cores " + a + ", " + b);
                assertEquals(LATENCIES[level], machine.latency(a, b));
            }
        }
    }

    @Test
    void millionCoreWarehouseHasOneLatencyPerLevel() {
        // 64-core servers, 16 servers per rack, 32 racks per cluster, 32 clusters: 1,048,576 cores
        final HierarchicalTopology wsc = new HierarchicalTopology(64, 16, 32, 32, LATENCIES);
        assertEquals(1_048_576, wsc.cores());
        assertEquals(SAME_CORE, wsc.level(777, 777));
        assertEquals(SAME_SERVER, wsc.level(0, 63));
        assertEquals(SAME_RACK, wsc.level(63, 64));
        assertEquals(SAME_RACK, wsc.level(0, 1023));
        assertEquals(SAME_CLUSTER, wsc.level(1023, 1024));
        assertEquals(SAME_CLUSTER, wsc.level(0, 32_767));
        assertEquals(ACROSS_CLUSTERS, wsc.level(32_767, 32_768));
        assertEquals(ACROSS_CLUSTERS, wsc.level(0, wsc.cores() - 1));
        assertEquals(40_000, wsc.latency(0, wsc.cores() - 1));
        assertEquals(10, wsc.latency(64, 127));
        assertEquals(wsc.cores() / 64 - 1, wsc.serverOf(wsc.cores() - 1));
        assertEquals(31, wsc.clusterOf(wsc.cores() - 1));
    }

    @Test
    void powerOfTwoAndMixedRadixMachinesAgreeWithTheDefinitionOnRandomPairs() {
        final long seed = 0x4E57L;
        final SplittableRandom random = new SplittableRandom(seed);
        final int[][] shapes = {{64, 16, 32, 32}, {48, 40, 24, 23}, {1, 1024, 1, 1024}, {64, 1, 1, 16384}, {7, 9, 11, 13}};
        for (final int[] s : shapes) {
            final HierarchicalTopology machine = new HierarchicalTopology(s[0], s[1], s[2], s[3], LATENCIES);
            for (int i = 0; i < 100_000; i++) {
                final int a = random.nextInt(machine.cores());
                // half the pairs near each other, so every level is exercised
                final int b = random.nextBoolean() ? random.nextInt(machine.cores())
                        : Math.min(machine.cores() - 1, Math.max(0, a + random.nextInt(-5_000, 5_000)));
                final int expected = definedLevel(a, b, s[0], s[1], s[2]);
                if (machine.level(a, b) != expected || machine.latency(a, b) != LATENCIES[expected]) {
                    assertEquals(expected, machine.level(a, b), machine + " cores " + a + ", " + b + " seed " + seed);
                    assertEquals(LATENCIES[expected], machine.latency(a, b), machine + " cores " + a + ", " + b + " seed " + seed);
                }
            }
        }
    }

    @Test
    void gettersAndToStringReportTheShapeAndAMachineOfTheLargestCoreCountIsAccepted() {
        final HierarchicalTopology machine = new HierarchicalTopology(6, 5, 3, 2, LATENCIES);
        assertEquals(6, machine.coresPerServer());
        assertEquals(5, machine.serversPerRack());
        assertEquals(3, machine.racksPerCluster());
        assertEquals(2, machine.clusters());
        assertEquals("HierarchicalTopology[6 cores/server, 5 servers/rack, 3 racks/cluster, 2 clusters, latencies "
                + "[0, 10, 200, 3000, 40000]]", machine.toString());
        // 2^31 - 1 cores in one server: every product is at the limit, not past it
        final HierarchicalTopology largest = new HierarchicalTopology(Integer.MAX_VALUE, 1, 1, 1, LATENCIES);
        assertEquals(Integer.MAX_VALUE, largest.cores());
        assertEquals(SAME_SERVER, largest.level(0, Integer.MAX_VALUE - 1));
    }

    @Test
    void singleCoreServersHaveNoSameServerPairs() {
        final HierarchicalTopology machine = new HierarchicalTopology(1, 4, 2, 2, LATENCIES);
        for (int a = 0; a < machine.cores(); a++) {
            for (int b = 0; b < machine.cores(); b++) {
                assertEquals(a == b ? SAME_CORE : a / 4 == b / 4 ? SAME_RACK : a / 8 == b / 8 ? SAME_CLUSTER : ACROSS_CLUSTERS,
                        machine.level(a, b));
            }
        }
    }

    @Test
    void latenciesAreCopiedAtConstruction() {
        final long[] latencies = LATENCIES.clone();
        final HierarchicalTopology machine = new HierarchicalTopology(2, 2, 2, 2, latencies);
        latencies[4] = 1;
        assertEquals(40_000, machine.latency(0, 15));
        assertEquals(40_000, machine.latencyOfLevel(ACROSS_CLUSTERS));
    }

    @Test
    void rejectsBadCountsAndLatencies() {
        assertEquals("coresPerServer = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(0, 1, 1, 1, LATENCIES)).getMessage());
        assertEquals("serversPerRack = -2: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, -2, 1, 1, LATENCIES)).getMessage());
        assertEquals("racksPerCluster = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, 1, 0, 1, LATENCIES)).getMessage());
        assertEquals("clusters = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, 1, 1, 0, LATENCIES)).getMessage());
        assertEquals("coresPerServer = 2048, serversPerRack = 1024, racksPerCluster = 1024, clusters = 1: the machine "
                + "must have at most 2147483647 cores", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(2048, 1024, 1024, 1, LATENCIES)).getMessage());
        assertEquals(1 << 30, new HierarchicalTopology(1024, 1024, 1024, 1, LATENCIES).cores());
        assertEquals("latencyByLevel has 4 entries: must have 5 (same core, same server, same rack, same cluster, "
                + "across clusters)", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, 1, 1, 1, new long[4])).getMessage());
        assertEquals("latencyByLevel has no array: must have 5 (same core, same server, same rack, same cluster, "
                + "across clusters)", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, 1, 1, 1, null)).getMessage());
        assertEquals("latencyByLevel[2] = -1: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalTopology(1, 1, 1, 1, new long[] {0, 1, -1, 3, 4})).getMessage());
    }

    /** A core past the last named a server, rack and cluster that do not exist (assert under -ea). */
    @Test
    void groupOfACoreAssertsTheCoreRange() {
        final HierarchicalTopology machine = new HierarchicalTopology(4, 2, 2, 3, LATENCIES); // 48 cores
        assertEquals(11, machine.serverOf(47));
        assertThrows(AssertionError.class, () -> machine.serverOf(48)); // was 12, one past the last server
        assertThrows(AssertionError.class, () -> machine.rackOf(48)); // was 6
        assertThrows(AssertionError.class, () -> machine.clusterOf(48)); // was 3
        assertThrows(AssertionError.class, () -> machine.serverOf(-1)); // was 1073741823
    }
}


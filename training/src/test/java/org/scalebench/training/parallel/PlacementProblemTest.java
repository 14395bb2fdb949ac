package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;

/**
 * Placements scheduled by hand from the class's rules: an edge costs {@code latency + bytes x batch / pair
 * bandwidth} each way, a node's backward time is twice its forward time, and nodes run in decreasing HEFT upward
 * rank {@code rank(u) = cost(u) + max over successors (meanTransfer(u) + rank(s))}, with
 * {@code meanTransfer(u) = (m - 1) / m x (latency + bytes x mean of 1 / bandwidth over ordered pairs)}.
 */
class PlacementProblemTest {

    /** One node's GPUs 0, 1, 2: 1,000 B/s between 0 and 1, 500 between 0 and 2, 250 between 1 and 2. */
    private static Cluster threeGpus(final double latency) {
        return TestClusters.withPeers(new double[][] {{1e12, 1000, 500}, {1000, 1e12, 250}, {500, 250, 1e12}}, latency);
    }

    /**
     * a -> b, forward 1 s and 2 s, a's output 100 B per sample; at batch 10 on GPUs 0 and 1 an edge costs
     * 0.5 + 1000 / 1000 = 1.5 s.
     */
    private static PlacementProblem chain() {
        final DataflowGraph g = new DataflowGraph("chain", new String[] {"a", "b"}, new double[] {1, 2},
                new double[] {100, 0}, new int[][] {{}, {0}});
        return new PlacementProblem(g, new double[] {1, 2}, 10, new int[] {0, 1}, threeGpus(0.5));
    }

    @Test
    void aChainIsScheduledForwardAndBackwardAcrossTheEdge() {
        final PlacementProblem p = chain();
        assertEquals(2, p.size(), "nodes");
        assertEquals(2, p.devices(), "GPUs");
        assertEquals(9.0, p.singleDeviceSeconds(), 1e-12, "3 x (1 + 2)");
        // on one GPU: forward 1 + 2 = 3, backward 2 x 2 + 2 x 1 = 6
        assertEquals(9.0, p.stepSeconds(new int[] {0, 0}), 1e-12, "both on GPU 0");
        // a on 0, b on 1: forward a ends at 1, b starts at 1 + 1.5 and ends at 4.5; backward b ends at 4, a's
        // gradient arrives at 4 + 1.5 and a ends at 5.5 + 2 = 7.5
        assertEquals(4.5, p.forwardSeconds(new int[] {0, 1}), 1e-12, "forward across 0 -> 1");
        assertEquals(7.5, p.backwardSeconds(new int[] {0, 1}), 1e-12, "backward across 1 -> 0");
        // the mirror placement costs the same on the symmetric link
        assertEquals(4.5, p.forwardSeconds(new int[] {1, 0}), 1e-12, "forward across 1 -> 0");
        assertEquals(7.5, p.backwardSeconds(new int[] {1, 0}), 1e-12, "backward across 0 -> 1");
        assertEquals(12.0, p.stepSeconds(new int[] {1, 0}), 1e-12, "4.5 + 7.5");
    }

    @Test
    void listSchedulingKeepsTheChainOnTheFirstGpuItFinishesEarliestOn() {
        final PlacementProblem p = chain();
        // leave the scratch times of a schedule behind: listScheduling starts from idle GPUs regardless
        p.stepSeconds(new int[] {0, 0});
        // a finishes at 1 on either GPU (a tie keeps GPU 0); b finishes at 1 + 2 = 3 on GPU 0, 1 + 1.5 + 2 = 4.5 on 1
        assertArrayEquals(new int[] {0, 0}, p.listScheduling(), "HEFT's choice");
    }

    @Test
    void exhaustiveKeepsTheFirstOfEqualPlacementsAndCountsAssignments() {
        final PlacementProblem p = chain();
        // [0,0] and [1,1] take 9 s, the split placements 12 s; the enumeration meets [0,0] first
        assertArrayEquals(new int[] {0, 0}, p.exhaustive(4), "2^2 = 4 assignments allowed exactly");
        assertEquals("exhaustive placement of 2 nodes on 2 GPUs needs 4 assignments: at most 3 allowed",
                assertThrows(IllegalArgumentException.class, () -> p.exhaustive(3)).getMessage(), "one too few");
    }

    @Test
    void aSingleGpuRunsEveryNodeInTurn() {
        final DataflowGraph g = new DataflowGraph("chain", new String[] {"a", "b"}, new double[] {1, 2},
                new double[] {100, 0}, new int[][] {{}, {0}});
        final PlacementProblem p = new PlacementProblem(g, new double[] {1, 2}, 10, new int[] {2}, threeGpus(0.5));
        // forward 1 + 2, backward 2 x (1 + 2): the single-device time 9
        assertEquals(9.0, p.stepSeconds(new int[] {0, 0}), 1e-12, "one GPU");
        assertEquals("group is empty: needs at least one GPU", assertThrows(IllegalArgumentException.class,
                () -> new PlacementProblem(g, new double[] {1, 2}, 10, new int[0], threeGpus(0.5))).getMessage(),
                "no GPU");
    }

    /**
     * Sources a (1 s, 10 B per sample into c) and b (no successor), c after a (1 s), on GPUs 0, 1, 2 at batch 10
     * with 0.1 s latency. Mean of 1 / bandwidth over the 6 ordered pairs: (2/1000 + 2/500 + 2/250) / 6 = 0.014 / 6;
     * a's mean transfer (2/3) (0.1 + 100 x 0.014 / 6) = 2/9 = 0.2222, so rank(a) = 1 + 2/9 + rank(c) = 2.2222.
     * With a and b on GPU 0 and c on GPU 1 the edge a -> c costs 0.1 + 100 / 1000 = 0.2 s.
     */
    private static double forwardOfFork(final double bCost) {
        final DataflowGraph g = new DataflowGraph("fork", new String[] {"a", "b", "c"}, new double[] {1, 1, 1},
                new double[] {10, 0, 0}, new int[][] {{}, {}, {0}});
        return new PlacementProblem(g, new double[] {1, bCost, 1}, 10, new int[] {0, 1, 2}, threeGpus(0.1))
                .forwardSeconds(new int[] {0, 0, 1});
    }

    @Test
    void theUpwardRankOrdersSourcesByTheirMeanTransfer() {
        // b = 2.2 s ranks below a (2.2222): a 0-1, b 1-3.2 on GPU 0, c 1.2-2.2 on GPU 1: makespan 3.2 (b first: 4.4)
        assertEquals(3.2, forwardOfFork(2.2), 1e-12, "a before b");
        // b = 2.25 s ranks above a: b 0-2.25, a 2.25-3.25, c 3.45-4.45: makespan 4.45 (a first: 3.25)
        assertEquals(4.45, forwardOfFork(2.25), 1e-12, "b before a");
    }
}

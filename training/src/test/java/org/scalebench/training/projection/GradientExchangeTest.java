package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.NicSharing;

/**
 * The share of a node's network bandwidth the slowest ring gets, by closed forms worked out by hand from the
 * layout (ring {@code j} holds GPUs {@code g mod M == j}; with rails GPU {@code g} reaches NIC
 * {@code g / (gpus / nics)}).
 */
class GradientExchangeTest {

    private static double[] even(final int m) {
        final double[] b = new double[m];
        java.util.Arrays.fill(b, 1.0);
        return b;
    }

    @Test
    void dataParallelismGetsTheWholeNode() {
        assertEquals(1.0, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, true, 1, new double[] {1}), 0);
        assertEquals(1.0, GradientExchange.ringShare(NicSharing.PER_NODE, 8, 4, false, 1, new double[] {1}), 0);
    }

    @Test
    void aPoolIsSharedInProportionToTheBytes() {
        assertEquals(0.25, GradientExchange.ringShare(NicSharing.PER_NODE, 8, 4, true, 4, even(4)), 1e-12);
        // shards 3, 1, 1, 1: the largest carries half the bytes, so it gets half the pool
        assertEquals(0.5, GradientExchange.ringShare(NicSharing.PER_NODE, 8, 4, true, 4,
                new double[] {3, 1, 1, 1}), 1e-12);
    }

    @Test
    void railsGiveEachRingTheNicsOfItsGpus() {
        // one NIC per GPU (DGX-A100): M disjoint groups, 1/M each, whatever the shard sizes
        assertEquals(0.125, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 8, true, 8, even(8)), 1e-12);
        assertEquals(0.25, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 8, true, 4,
                new double[] {5, 1, 1, 1}), 1e-12);
        // one NIC per GPU pair (DGX-1), M = 8: rings 2i and 2i+1 share NIC i; shards 2 and 1 on NIC 0 finish
        // after 3 units over a quarter of the node, so the largest shard (2) sees 2 / (3 * 4)
        assertEquals(2.0 / 12, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, true, 8,
                new double[] {2, 1, 1, 1, 1, 1, 1, 1}), 1e-12);
        // DGX-1, M = 2: rings {0,2,4,6} and {1,3,5,7} both reach all four NICs: a pool
        assertEquals(0.75, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, true, 2, new double[] {3, 1}), 1e-12);
        assertEquals(0.125, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, true, 8, even(8)), 1e-12);
    }

    @Test
    void theWholeGradientThroughOneGpuPerWorkerUsesItsGpusNics() {
        // a pool: all of it
        assertEquals(1.0, GradientExchange.ringShare(NicSharing.PER_NODE, 8, 4, false, 8, null), 0);
        // DGX-1 rails: M = 2 senders 0, 2, 4, 6 reach all 4 NICs; M = 4: 0, 4 reach 2; M = 8: GPU 0 reaches 1
        assertEquals(1.0, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, false, 2, null), 0);
        assertEquals(0.5, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, false, 4, null), 0);
        assertEquals(0.25, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 4, false, 8, null), 0);
        // one NIC per GPU: G / M senders, G / M NICs
        assertEquals(0.25, GradientExchange.ringShare(NicSharing.PER_GPU, 8, 8, false, 4, null), 0);
    }
}

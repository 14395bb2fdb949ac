package org.scalebench.training.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The closed forms not priced in {@link CollectiveFormulasTest} (reduce, reduce-scatter by halving, the broadcasts,
 * the recursive-doubling all-gather, the hierarchical all-reduce with a reduction cost and a tree across nodes),
 * each against the formula of its class comment worked out by hand, on a power of two and on 6 ranks.
 */
class ReduceAndBroadcastFormulasTest {

    /** alpha 5 us, 100 GB/s (beta 1e-11 s/B), gamma 1e-12 s/B. */
    private static final AlphaBetaGamma LINK = AlphaBetaGamma.of(5e-6, 100e9, 1e-12);
    private static final long MIB = 1L << 20;
    /** n beta and n gamma for one MiB. */
    private static final double NB = 1.048576e-5;
    private static final double NG = 1.048576e-6;

    @Test
    void rabenseifnerReduce() {
        // p = 8: 2 lg p a + ((p-1)/p) n (2 b + g) = 3e-5 + 7/8 * 2.2020096e-5
        assertEquals(4.9267584e-5, new RabenseifnerReduce(LINK).seconds(MIB, 8), 1e-15);
        // p = 6, q = 4: (2 * 2 + 1) a + (1 + 2 * 3/4) n b + (1 + 3/4) n g
        assertEquals(5 * 5e-6 + 2.5 * NB + 1.75 * NG, new RabenseifnerReduce(LINK).seconds(MIB, 6), 1e-15);
        assertEquals(5.3049408e-5, new RabenseifnerReduce(LINK).seconds(MIB, 6), 1e-15);
    }

    @Test
    void recursiveHalvingReduceScatter() {
        // p = 8: lg p a + ((p-1)/p) n (b + g) = 1.5e-5 + 7/8 * 1.1534336e-5
        assertEquals(2.5092544e-5, new RecursiveHalvingReduceScatter(LINK).seconds(MIB, 8), 1e-15);
        // p = 6, q = 4: (2 + 2) a + (1 + 3/4 + 1/6) n b + (1 + 3/4) n g
        assertEquals(4 * 5e-6 + (23.0 / 12.0) * NB + 1.75 * NG,
                new RecursiveHalvingReduceScatter(LINK).seconds(MIB, 6), 1e-15);
        assertEquals(4.19327147e-5, new RecursiveHalvingReduceScatter(LINK).seconds(MIB, 6), 1e-13);
    }

    @Test
    void broadcastsByScatterThenAllGather() {
        // scatter + recursive doubling, p = 6: 2 ceil(lg 6) a + 2 (5/6) n b = 3e-5 + 5/3 * 1.048576e-5
        assertEquals(4.74762667e-5, new ScatterAllGatherBroadcast(LINK).seconds(MIB, 6), 1e-13);
        // scatter + ring, p = 6: (ceil(lg 6) + 5) a + 2 (5/6) n b = 4e-5 + 5/3 * 1.048576e-5
        assertEquals(5.74762667e-5, new ScatterRingAllGatherBroadcast(LINK).seconds(MIB, 6), 1e-13);
    }

    @Test
    void recursiveDoublingAllGatherUsesBrucksLatencyOffPowersOfTwo() {
        // ceil(lg 6) a + (5/6) n b = 1.5e-5 + 8.7381333e-6
        assertEquals(2.37381333e-5, new RecursiveDoublingAllGather(LINK).seconds(MIB, 6), 1e-13);
        // p = 8: 3 a + 7/8 n b
        assertEquals(1.5e-5 + 9.17504e-6, new RecursiveDoublingAllGather(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void hierarchicalAllReduceWithAReductionCostAndATreeAcrossNodes() {
        final AlphaBetaGamma intra = AlphaBetaGamma.of(2e-6, 100e9, 1e-12);
        final AlphaBetaGamma inter = AlphaBetaGamma.of(10e-6, 10e9, 0);
        final long n = 4 * MIB;
        // 16 ranks, 4 per node, 4 nodes; intra: 2 * 3 * 2e-6 + 3/4 * 4194304 * (2e-11 + 1e-12) = 1.2e-5 + 6.6060288e-5
        final double intraPart = 1.2e-5 + 6.6060288e-5;
        // ring across nodes on n/4 = 1 MiB: 2 * 3 * 1e-5 + 3/4 * 1048576 * (2e-10 + 1e-12) = 6e-5 + 1.58072832e-4
        assertEquals(intraPart + 6e-5 + 1.58072832e-4, new HierarchicalAllReduce(intra, inter, 4, false).seconds(n, 16),
                1e-14);
        // double binary tree across nodes: 2 ceil(lg 4) * 1e-5 + 1048576 * (2e-10 + 1e-12) = 4e-5 + 2.10763776e-4
        assertEquals(intraPart + 4e-5 + 2.10763776e-4, new HierarchicalAllReduce(intra, inter, 4, true).seconds(n, 16),
                1e-14);
        assertEquals(2.9613312e-4, new HierarchicalAllReduce(intra, inter, 4, false).seconds(n, 16), 1e-13);
    }

    @Test
    void namesInReports() {
        assertEquals("hierarchical-ring", new HierarchicalAllReduce(LINK, LINK, 4, false).algorithm());
        assertEquals("all-reduce/hierarchical-tree (4 ranks per node)",
                new HierarchicalAllReduce(LINK, LINK, 4, true).toString());
        assertEquals(Collective.ALL_REDUCE, new HierarchicalAllReduce(LINK, LINK, 4, true).collective());
        assertEquals("rabenseifner", new RabenseifnerReduce(LINK).algorithm());
        assertEquals("reduce/rabenseifner", new RabenseifnerReduce(LINK).toString());
    }

    @Test
    void zeroCostsAreAllowedWhereTheyMeanSomethingAndRefusedElsewhere() {
        assertEquals(0.0, new AlphaBetaGamma(0, 1e-9, 0).alpha());
        assertEquals("beta = 0.0 s/B: must be finite and positive",
                assertThrows(IllegalArgumentException.class, () -> new AlphaBetaGamma(1e-6, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new NcclFabric(NcclArchitecture.VOLTA, true, 6, 4, 20.0, 0.0));
        assertThrows(IllegalArgumentException.class,
                () -> new NcclFabric(NcclArchitecture.VOLTA, true, 6, 4, 0.0, 12.0));
    }
}

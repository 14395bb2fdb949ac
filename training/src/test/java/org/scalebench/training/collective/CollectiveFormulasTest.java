package org.scalebench.training.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.core.Bits;

/** The closed forms against values worked out by hand from the published formulas. */
class CollectiveFormulasTest {

    /** alpha 5 us, 100 GB/s (beta 1e-11 s/B), gamma 1e-12 s/B. */
    private static final AlphaBetaGamma LINK = AlphaBetaGamma.of(5e-6, 100e9, 1e-12);
    private static final long MIB = 1L << 20;

    private static List<CollectiveCost> all() {
        return List.of(new RingAllReduce(LINK), new RingReduceScatter(LINK), new RingAllGather(LINK),
                new RecursiveDoublingAllGather(LINK), new RecursiveDoublingAllReduce(LINK),
                new RecursiveHalvingReduceScatter(LINK), new RabenseifnerAllReduce(LINK), new RabenseifnerReduce(LINK),
                new BinomialTreeBroadcast(LINK), new BinomialTreeReduce(LINK), new BinomialTreeAllReduce(LINK),
                new DoubleBinaryTreeAllReduce(LINK), new ScatterAllGatherBroadcast(LINK),
                new ScatterRingAllGatherBroadcast(LINK), new PairwiseAllToAll(LINK), new BruckAllToAll(LINK),
                new HierarchicalAllReduce(LINK, LINK, 4, false), new HierarchicalAllReduce(LINK, LINK, 4, true));
    }

    @Test
    void ringAllReduceIsTwoPMinusOneLatenciesPlusTheBandwidthTerm() {
        // 2(p-1) a + 2((p-1)/p) n b + ((p-1)/p) n g, p = 8, n = 1 MiB:
        // 14 * 5e-6 = 7.0e-5; 2 * 7/8 * 1048576 * 1e-11 = 1.835008e-5; 7/8 * 1048576 * 1e-12 = 9.17504e-7
        assertEquals(8.9267584e-5, new RingAllReduce(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void ringReduceScatterAndAllGatherAreHalvesOfTheRing() {
        // (p-1) a + ((p-1)/p) n (b + g) = 3.5e-5 + 7/8 * 1048576 * 1.1e-11 = 3.5e-5 + 1.00925440e-5
        assertEquals(4.50925440e-5, new RingReduceScatter(LINK).seconds(MIB, 8), 1e-15);
        // (p-1) a + ((p-1)/p) n b = 3.5e-5 + 9.17504e-6
        assertEquals(4.417504e-5, new RingAllGather(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void rabenseifnerOnAPowerOfTwo() {
        // 2 lg p a + 2((p-1)/p) n b + ((p-1)/p) n g, p = 8: 6 * 5e-6 + 1.835008e-5 + 9.17504e-7
        assertEquals(4.9267584e-5, new RabenseifnerAllReduce(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void rabenseifnerOnANonPowerOfTwoPaysTheMpichExtraSteps() {
        // (2 floor(lg 6) + 2) a + (2 * 5/6 + 2) n b + (1 + 5/6) n g
        // = 6 * 5e-6 + 3.6666667 * 1048576e-11 + 1.8333333 * 1048576e-12
        final double expected = 3.0e-5 + (11.0 / 3.0) * 1048576e-11 + (11.0 / 6.0) * 1048576e-12;
        assertEquals(expected, new RabenseifnerAllReduce(LINK).seconds(MIB, 6), 1e-15);
        assertEquals(7.0370176e-5, expected, 1e-12);
    }

    @Test
    void binomialTreesTakeCeilLog2Rounds() {
        // p = 5: ceil(lg 5) = 3 rounds of (a + n b) = 3 * (5e-6 + 1.048576e-5)
        assertEquals(4.645728e-5, new BinomialTreeBroadcast(LINK).seconds(MIB, 5), 1e-15);
        // reduce adds n g per round: 3 * 1.048576e-6
        assertEquals(4.645728e-5 + 3.145728e-6, new BinomialTreeReduce(LINK).seconds(MIB, 5), 1e-15);
        // all-reduce = reduce then broadcast: 2 * 3 (a + n b) + 3 n g
        assertEquals(2 * 4.645728e-5 + 3.145728e-6, new BinomialTreeAllReduce(LINK).seconds(MIB, 5), 1e-15);
    }

    @Test
    void doubleBinaryTreeMovesTwiceTheVectorWithLogarithmicLatency() {
        // 2 ceil(lg 8) a + 2 n b + n g = 3.0e-5 + 2.097152e-5 + 1.048576e-6
        assertEquals(5.2020096e-5, new DoubleBinaryTreeAllReduce(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void recursiveDoublingAllReduceOnPowersAndNonPowersOfTwo() {
        // p = 8: lg p (a + n b + n g) = 3 * (5e-6 + 1.048576e-5 + 1.048576e-6)
        assertEquals(4.9603008e-5, new RecursiveDoublingAllReduce(LINK).seconds(MIB, 8), 1e-15);
        // p = 6: (2 + 2)(a + n b) + (2 + 1) n g
        assertEquals(4 * (5e-6 + 1.048576e-5) + 3 * 1.048576e-6,
                new RecursiveDoublingAllReduce(LINK).seconds(MIB, 6), 1e-15);
    }

    @Test
    void allToAllPairwiseAndBruck() {
        // pairwise: (p-1) a + ((p-1)/p) n b = 3.5e-5 + 9.17504e-6
        assertEquals(4.417504e-5, new PairwiseAllToAll(LINK).seconds(MIB, 8), 1e-15);
        // Bruck: lg p (a + n/2 b) = 3 * (5e-6 + 5.24288e-6)
        assertEquals(3.072864e-5, new BruckAllToAll(LINK).seconds(MIB, 8), 1e-15);
    }

    @Test
    void hierarchicalAllReduceComposesIntraAndInterNodeRings() {
        final AlphaBetaGamma intra = AlphaBetaGamma.of(2e-6, 100e9, 0);
        final AlphaBetaGamma inter = AlphaBetaGamma.of(10e-6, 10e9, 0);
        final HierarchicalAllReduce h = new HierarchicalAllReduce(intra, inter, 4, false);
        // 16 ranks, 4 per node, 4 nodes, n = 4 MiB:
        // intra: 2 * 3 * 2e-6 + 2 * 3/4 * 4194304 * 1e-11 = 1.2e-5 + 6.291456e-5
        // inter on n/4 = 1 MiB: 2 * 3 * 1e-5 + 2 * 3/4 * 1048576 * 1e-10 = 6e-5 + 1.572864e-4
        assertEquals(1.2e-5 + 6.291456e-5 + 6e-5 + 1.572864e-4, h.seconds(4 * MIB, 16), 1e-14);
        // one node: the plain intra ring
        assertEquals(new RingAllReduce(intra).seconds(4 * MIB, 4), h.seconds(4 * MIB, 4), 1e-18);
    }

    @Test
    void everyAlgorithmCostsNothingOnOneRank() {
        for (final CollectiveCost c : all()) {
            assertEquals(0.0, c.seconds(MIB, 1), c.toString());
        }
    }

    @Test
    void costGrowsWithMessageSize() {
        for (final CollectiveCost c : all()) {
            assertTrue(c.seconds(2 * MIB, 8) > c.seconds(MIB, 8), c.toString());
            assertTrue(c.seconds(0, 8) >= 0, c.toString());
        }
    }

    @Test
    void ringBandwidthTermTendsToTheLowerBound() {
        // with no latency the ring all-reduce sits exactly on the bound 2((p-1)/p) n beta
        final AlphaBetaGamma pure = AlphaBetaGamma.of(0, 1e9, 0);
        for (final int p : new int[] {2, 3, 8, 1000}) {
            assertEquals(2.0 * (p - 1) / p * MIB * 1e-9, new RingAllReduce(pure).seconds(MIB, p), 1e-15);
        }
    }

    @Test
    void batchFormsMatchSingleCalls() {
        final SplittableRandom random = new SplittableRandom(42);
        final long[] bytes = random.longs(64, 0, 1L << 34).toArray();
        final int[] ranks = random.ints(64, 1, 1 << 16).toArray();
        final double[] out = new double[64];
        for (final CollectiveCost c : all()) {
            c.seconds(bytes, 24, out);
            for (int i = 0; i < bytes.length; i++) {
                assertEquals(c.seconds(bytes[i], 24), out[i], c + " bytes " + bytes[i]);
            }
            c.secondsForRanks(MIB, ranks, out);
            for (int i = 0; i < ranks.length; i++) {
                assertEquals(c.seconds(MIB, ranks[i]), out[i], c + " ranks " + ranks[i]);
            }
        }
    }

    @Test
    void badArgumentsNameTheParameterAndTheRange() {
        final CollectiveCost ring = new RingAllReduce(LINK);
        assertEquals("ranks = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> ring.seconds(1, 0)).getMessage());
        assertEquals("bytes = -1: must be at least 0",
                assertThrows(IllegalArgumentException.class, () -> ring.seconds(-1, 4)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ring.seconds(new long[4], 4, new double[3]));
        assertEquals("bandwidth = 0.0 B/s: must be finite and positive",
                assertThrows(IllegalArgumentException.class, () -> AlphaBetaGamma.of(1e-6, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new AlphaBetaGamma(-1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new HierarchicalAllReduce(LINK, LINK, 0, false));
    }

    @Test
    void log2MatchesFloatingPointLogarithms() {
        for (int p = 1; p <= 1 << 20; p = p < 64 ? p + 1 : p * 3 / 2) {
            assertEquals((int) Math.floor(Math.log(p) / Math.log(2) + 1e-12), Bits.floorLog2(p), "floor " + p);
            assertEquals((int) Math.ceil(Math.log(p) / Math.log(2) - 1e-12), Bits.ceilLog2(p), "ceil " + p);
            assertEquals(Integer.bitCount(p) == 1, Bits.isPowerOfTwo(p), "power " + p);
        }
    }

    @Test
    void collectivesParseTheirLabels() {
        for (final Collective c : Collective.values()) {
            assertEquals(c, Collective.parse(c.id()));
            assertEquals(c, Collective.parse(c.name()));
        }
        assertEquals(Collective.ALL_REDUCE, Collective.parse("allreduce"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Collective.parse("scan")).getMessage()
                .startsWith("collective = 'scan': must be one of all-reduce"));
    }
}

package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.StepTimeCurve;
import org.scalebench.training.parallel.GivenMpSpeedup;
import org.scalebench.training.parallel.TestClusters;

class ProjectorTest {

    private static final int[] DEVICES = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    private static final int[] MP = {1, 2, 4, 8};
    private static final Cluster FREE = TestClusters.uniform(8, 1e30);
    /** Free links priced by a zero-latency ring: communication costs nothing. */
    private static final ProjectionOptions NO_COMM = ProjectionOptions.DEFAULTS.withCommunication(CommunicationModel.RING);

    /** A synthetic model: step time 2 ms + 1 ms per sample, one million samples per epoch. */
    private static ModelProfile synthetic(final StatisticalEfficiency efficiency, final double su2, final double su4,
            final double su8) {
        return new ModelProfile("synthetic", "synthetic", "synthetic", 1_000_000, 4_000_000, 0, 0, 0, 1_000_000, 256,
                new StepTimeCurve(new double[] {1, 256}, new double[] {0.003, 0.258}), efficiency,
                new GivenMpSpeedup(new int[] {2, 4, 8}, new double[] {su2, su4, su8}), Map.of());
    }

    private static ProjectionTable sweep(final Projector p) {
        final ProjectionTable t = p.newTable(DEVICES.length);
        p.project(DEVICES, t);
        return t;
    }

    @Test
    void oneDeviceIsEpochsTimesStepsTimesStepTimeAtTheBestBatch() {
        final ModelProfile m = ModelCatalog.builtIn("inception-v3");
        final Projector p = new Projector(m, ClusterCatalog.builtIn("dgx1"), ProjectionOptions.DEFAULTS, MP);
        double best = Double.POSITIVE_INFINITY;
        for (int b = 1; b <= 128; b *= 2) {
            best = Math.min(best, m.efficiency().epochs(b) * 1_281_167.0 / b * m.stepTime().seconds(b));
        }
        assertEquals(best, p.singleDeviceSeconds(), best * 1e-12);
        final ProjectionTable t = sweep(p);
        assertEquals(best, t.trainSeconds(0, 0), best * 1e-12);
        assertEquals(0.0, t.commSeconds(0, 0));
        assertEquals(1.0, t.speedupOverOneDevice(0, 0), 1e-12);
        assertTrue(!t.feasible(0, 1) && Double.isInfinite(t.trainSeconds(0, 1)));
    }

    @Test
    void withoutCommunicationAndWithPerfectStatisticalEfficiencyDataParallelismIsLinear() {
        final ModelProfile m = synthetic(new McCandlishEfficiency(10, 1e18), 1.5, 2, 2.5);
        final Projector p = new Projector(m, FREE, NO_COMM.withFixedBatch(32), MP);
        final ProjectionTable t = sweep(p);
        for (int r = 0; r < t.rows(); r++) {
            assertEquals(DEVICES[r], t.speedupOverOneDevice(r, 0), DEVICES[r] * 1e-9, "N = " + DEVICES[r]);
            assertTrue(t.commSeconds(r, 0) < 1e-15);
        }
        // so DP always wins: hybrid halves the workers for at most 2.5x per step
        assertEquals(-1, t.crossoverRow());
    }

    @Test
    void hybridBeatsDataParallelismExactlyWhenTheCrossoverConditionHolds() {
        // SU_MP(M) > SU_DP(N) / SU_DP(N / M), with equal (zero) communication and one batch for every strategy
        final StatisticalEfficiency efficiency = new McCandlishEfficiency(5, 4096);
        for (final double su : new double[] {1.05, 1.3, 1.6, 1.9, 3.5}) {
            final ModelProfile m = synthetic(efficiency, su, su * 1.2, su * 1.4);
            final ProjectionTable t = sweep(new Projector(m, FREE, NO_COMM.withFixedBatch(16), MP));
            for (int r = 0; r < t.rows(); r++) {
                for (int c = 1; c < MP.length; c++) {
                    if (!t.feasible(r, c)) {
                        continue;
                    }
                    final int rowOfNOverM = Integer.numberOfTrailingZeros(DEVICES[r] / MP[c]);
                    final double threshold = t.speedupOverOneDevice(r, 0) / t.speedupOverOneDevice(rowOfNOverM, 0);
                    final double suMp = t.mpSpeedup(r, c);
                    final boolean hybridWins = t.trainSeconds(r, c) < t.trainSeconds(r, 0);
                    if (Math.abs(suMp - threshold) > 1e-9) {
                        assertEquals(suMp > threshold, hybridWins, "SU_MP " + suMp + " vs threshold " + threshold
                                + " at N = " + DEVICES[r] + ", M = " + MP[c]);
                    }
                }
            }
        }
    }

    @Test
    void hybridWinsAtScaleOnceDataParallelismHasFlattened() {
        final ModelProfile m = synthetic(new McCandlishEfficiency(5, 2048), 1.5, 2, 2.5);
        final ProjectionTable t = sweep(new Projector(m, FREE, NO_COMM.withFixedBatch(16), MP));
        final int crossover = t.crossoverRow();
        assertTrue(crossover > 0, "a crossover exists");
        for (int r = crossover; r < t.rows(); r++) {
            assertTrue(t.degrees()[t.bestColumn(r)] > 1, "hybrid stays best from the crossover on, N = " + DEVICES[r]);
        }
        // at N = 8192, b = 16: T_DP / T_hybrid = SU_MP(8) * E(131072) / E(16384) / 8, which tends to SU_MP(8)
        // as W b >> B_crit (section 1.2, item 5)
        assertEquals(2.5 * (1 + 131072 / 2048.0) / (1 + 16384 / 2048.0) / 8, t.speedupOverDataParallel(t.rows() - 1, 3),
                1e-9);
        assertTrue(t.hybridOverBestDataParallel() > 1);
    }

    @Test
    void overlapHidesCommunicationOnlyUnderTheBackwardPass() {
        // no optimizer update: the compute is the micro-step, two thirds of which is the backward pass
        final ModelProfile biglstm = ModelCatalog.builtIn("biglstm");
        final ModelProfile m = biglstm.withFixedParts(biglstm.stepOverheadSeconds(), 0);
        final ProjectionTable t = sweep(new Projector(m, ClusterCatalog.builtIn("dgx1"),
                ProjectionOptions.DEFAULTS.withOverlap(1.0).withDisabledEffects(
                        java.util.Set.of(ScalingEffect.BACKWARD_TIMELINE)), MP));
        for (int r = 1; r < t.rows(); r++) {
            for (int c = 0; c < MP.length; c++) {
                if (t.feasible(r, c)) {
                    final double comm = t.commSeconds(r, c);
                    final double expected = comm - Math.min(comm, 2.0 / 3.0 * t.computeSeconds(r, c));
                    assertEquals(expected, t.exposedCommSeconds(r, c), 1e-15);
                    assertEquals(t.computeSeconds(r, c) + expected, t.stepSeconds(r, c), 1e-15);
                }
            }
        }
    }

    @Test
    void shardingCutsCommunicationWhereEachRingHasItsOwnNics() {
        // DGX-A100: one NIC per GPU, so M rings of shards use M disjoint sets of rails; the whole gradient through
        // one GPU per worker gets only the rails of those GPUs
        final ModelProfile m = ModelCatalog.builtIn("gnmt");
        final Cluster a100 = ClusterCatalog.builtIn("dgx-a100");
        final ProjectionTable sharded = sweep(new Projector(m, a100, ProjectionOptions.DEFAULTS.withFixedBatch(64), MP));
        final ProjectionTable whole = sweep(new Projector(m, a100,
                ProjectionOptions.DEFAULTS.withFixedBatch(64).withShardedAllReduce(false), MP));
        final int row = 6;
        assertEquals(64, DEVICES[row]);
        assertEquals(whole.commSeconds(row, 0), sharded.commSeconds(row, 0), 0);
        for (int c = 1; c < MP.length; c++) {
            assertTrue(sharded.commSeconds(row, c) < whole.commSeconds(row, c), "M = " + MP[c]);
        }
    }

    @Test
    void withPooledNicsTheWholeGradientGetsTheNodesBandwidth() {
        // a pool: the one sending GPU per worker gets all of the node's NICs, so the whole gradient costs what
        // data parallelism's does for the same worker count, not M times more
        final ModelProfile m = ModelCatalog.builtIn("gnmt");
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final ProjectionOptions whole = ProjectionOptions.DEFAULTS.withFixedBatch(64).withShardedAllReduce(false)
                .withNicSharing(org.scalebench.training.cluster.NicSharing.PER_NODE);
        final ProjectionTable t = sweep(new Projector(m, dgx1, whole, MP));
        // N = 512: DP has 512 workers; M = 8 has 64 workers on 64 nodes, each sending the whole gradient
        final ProjectionTable dp64 = sweep(new Projector(m, dgx1, whole, new int[] {1}));
        final int row512 = 9;
        final int row64 = 6;
        assertEquals(512, DEVICES[row512]);
        // same bytes, same worker count, one rank per node instead of eight: within NCCL's per-node latency terms
        final double ratio = t.commSeconds(row512, 3) / dp64.commSeconds(row64, 0);
        assertTrue(ratio > 0.8 && ratio < 1.25, "whole gradient over 64 one-GPU-per-node workers vs DP on 64 GPUs: "
                + ratio);
    }

    @Test
    void theSlowestRingCarriesThePlacementsLargestShard() {
        // BigLSTM at M = 4: its two dense LSTM layers sit on two GPUs, so the largest shard is half the dense
        // gradient, twice the even G / M; even shards price it at a quarter
        final ModelProfile m = ModelCatalog.builtIn("biglstm");
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final Projector placed = new Projector(m, dgx1, ProjectionOptions.DEFAULTS.withFixedBatch(32), MP);
        assertEquals(0.5, placed.shardFraction(4, 32), 1e-12);
        assertEquals(0.5, placed.shardFraction(8, 32), 1e-12);
        final Projector even = new Projector(m, dgx1, ProjectionOptions.DEFAULTS.withFixedBatch(32)
                .withEvenShards(true), MP);
        assertEquals(0.25, even.shardFraction(4, 32), 1e-12);
        final ProjectionTable tp = sweep(placed);
        final ProjectionTable te = sweep(even);
        assertTrue(tp.commSeconds(9, 2) > te.commSeconds(9, 2), "uneven shards cost more to exchange");
    }

    @Test
    void modelParallelismSplitsTheBatchDependentStepAndTheOptimizerButNotTheOverhead() {
        // t(b) = 0.003 + 0.001 b, of which 0.002 s is fixed: 0.0005 s overhead + 0.0015 s optimizer; given SU_MP
        // places no parameter, so each of M GPUs holds 1/M of them
        final StepTimeCurve curve = new StepTimeCurve(new double[] {1, 256}, new double[] {0.003, 0.258}, 0.002,
                Double.NaN);
        final ModelProfile m = new ModelProfile("synthetic", "synthetic", "synthetic",
                org.scalebench.training.model.Precision.FP32, org.scalebench.training.model.GradientDtype.FP32,
                1_000_000, 4_000_000, 1_000_000, java.util.List.of(), 1_000_000, 256, curve, 0.0005, 0.0015,
                new McCandlishEfficiency(10, 1e18), null, new GivenMpSpeedup(new int[] {2, 4, 8},
                        new double[] {1.5, 2, 2.5}), null, Map.of());
        final ProjectionTable t = sweep(new Projector(m, FREE, NO_COMM.withFixedBatch(32), MP));
        final int row = 3;
        final double variable = curve.seconds(32) - 0.002;
        assertEquals(curve.seconds(32), t.computeSeconds(row, 0), 1e-15);
        assertEquals(0.0005 + 0.0015 / 2 + variable / 1.5, t.computeSeconds(row, 1), 1e-15);
        assertEquals(0.0005 + 0.0015 / 8 + variable / 2.5, t.computeSeconds(row, 3), 1e-15);
        assertEquals(0.125, t.shardFraction(row, 3), 1e-15);
    }

    @Test
    void everyCommunicationModelProjects() {
        for (final CommunicationModel cm : CommunicationModel.values()) {
            final ProjectionTable t = sweep(new Projector(ModelCatalog.builtIn("gnmt"), ClusterCatalog.builtIn("dgx1"),
                    ProjectionOptions.DEFAULTS.withCommunication(cm), MP));
            for (int r = 1; r < t.rows(); r++) {
                assertTrue(t.commSeconds(r, 0) > 0 && Double.isFinite(t.trainSeconds(r, 0)), cm + " row " + r);
            }
            assertEquals(cm, CommunicationModel.parse(cm.id()));
        }
    }

    @Test
    void badInputNamesTheParameterTheValueAndWhatIsAllowed() {
        final ModelProfile m = ModelCatalog.builtIn("inception-v3");
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final Projector p = new Projector(m, dgx1, ProjectionOptions.DEFAULTS, MP);
        final ProjectionTable t = p.newTable(4);
        assertEquals("devices = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> p.project(new int[] {0}, t)).getMessage());
        assertEquals("devices = -8: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> p.project(new int[] {8, -8}, t)).getMessage());
        assertEquals("devices = 12 is not divisible by mp degree = 8: every MP degree up to N must divide N",
                assertThrows(IllegalArgumentException.class, () -> p.project(new int[] {12}, t)).getMessage());
        assertEquals("batch = 0: must be at least 1 (or 0 to choose)".replace("0: must", "-1: must"),
                assertThrows(IllegalArgumentException.class,
                        () -> ProjectionOptions.DEFAULTS.withFixedBatch(-1)).getMessage());
        assertEquals("batch = 512: must be at most max_batch_per_device = 128 of inception-v3",
                assertThrows(IllegalArgumentException.class, () -> new Projector(m, dgx1,
                        ProjectionOptions.DEFAULTS.withFixedBatch(512), MP)).getMessage());
        assertEquals("mp degree = 16: must be in [1, 8] (GPUs per node of dgx1)",
                assertThrows(IllegalArgumentException.class, () -> new Projector(m, dgx1, ProjectionOptions.DEFAULTS,
                        new int[] {16})).getMessage());
        assertEquals("overlap = 1.5: must be in [0, 1]",
                assertThrows(IllegalArgumentException.class, () -> ProjectionOptions.DEFAULTS.withOverlap(1.5))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> p.project(new int[] {1, 2, 4, 8, 16}, t));
    }
}

package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;

class MpSpeedupModelsTest {

    private static final Cluster FREE = TestClusters.uniform(8, 1e30);
    private static final ComputeTime LINEAR = b -> 0.01 * b;

    private static LstmPhase uniformPhase(final int layers, final double steps) {
        final double[] w = new double[layers];
        java.util.Arrays.fill(w, 1000);
        return new LstmPhase("p", steps, 0, 0, w, new double[0]);
    }

    @Test
    void wavefrontOfUniformLayersIsLTOverTPlusMMinusOne() {
        // L = 4 layers, T = 10 steps on M = 4 GPUs, free transfers: (L T c) / ((T + M - 1) c) = 40 / 13
        final LstmWavefrontSpeedup w = new LstmWavefrontSpeedup(List.of(uniformPhase(4, 10)));
        assertEquals(40.0 / 13, w.speedup(4, 64, LINEAR, FREE), 1e-12);
        // M = 2: two stages of two layers, (T + 1) * 2c: 40 / 22
        assertEquals(40.0 / 22, w.speedup(2, 64, LINEAR, FREE), 1e-12);
        // more GPUs than layers: idle GPUs do not help
        assertEquals(40.0 / 13, w.speedup(8, 64, LINEAR, FREE), 1e-12);
    }

    @Test
    void wavefrontOnOneGpuReproducesTheMeasuredStep() {
        final LstmWavefrontSpeedup w = new LstmWavefrontSpeedup(List.of(
                new LstmPhase("enc", 7, 4096, 3000, new double[] {1000, 2000}, new double[] {500}),
                new LstmPhase("dec", 9, 8192, 0, new double[] {1000, 1000, 1000}, new double[] {4000})));
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        assertEquals(0.64, w.stepSeconds(1, 64, 0.64, dgx1), 1e-12);
        assertEquals(1.0, w.speedup(1, 64, LINEAR, dgx1));
        final double s2 = w.speedup(2, 64, LINEAR, dgx1);
        assertTrue(s2 > 1 && s2 < 2, "SU_MP(2) = " + s2);
    }

    @Test
    void bidirectionalFirstLayerRunsItsDirectionsOnTwoGpus() {
        // one bidirectional layer of weight 2000 and one layer of 1000, T = 10, free links, M = 2:
        // forward: bidirectional 10 * 1000 (halved), then layer: 10 * 1000; single GPU 10 * 3000
        final LstmWavefrontSpeedup w = new LstmWavefrontSpeedup(List.of(
                new LstmPhase("enc", 10, 0, 2000, new double[] {1000}, new double[0])));
        assertEquals(3000.0 / 2000, w.speedup(2, 8, LINEAR, FREE), 1e-12);
    }

    @Test
    void headsSplitEvenlyOverTheGroup() {
        final LstmWavefrontSpeedup w = new LstmWavefrontSpeedup(List.of(
                new LstmPhase("lm", 1, 0, 0, new double[] {1}, new double[] {999})));
        // one step, one tiny layer, a head of 999 split four ways: 1000 / (1 + 999 / 4)
        assertEquals(1000 / (1 + 999 / 4.0), w.speedup(4, 8, LINEAR, FREE), 1e-9);
    }

    private static DataflowGraph graph(final String rows) throws IOException {
        return DataflowGraph.read("g", DataTable.read("g.csv", new StringReader(
                "node,op,inputs,in_channels,out_channels,kernel_h,kernel_w,out_h,out_w,source\n" + rows)));
    }

    @Test
    void twoEqualBranchesRunTwiceAsFastOnTwoGpus() throws IOException {
        final DataflowGraph g = graph("in,input,,4,4,1,1,8,8,t\n"
                + "a,conv,in,4,4,3,3,8,8,t\n"
                + "b,conv,in,4,4,3,3,8,8,t\n"
                + "out,concat,a;b,8,8,1,1,8,8,t\n");
        final DataflowPlacementSpeedup model = new DataflowPlacementSpeedup(g);
        assertEquals(2.0, model.speedup(2, 4, LINEAR, FREE), 1e-12);
        final PlacementProblem p = model.problem(2, 4, LINEAR, FREE);
        assertEquals(p.stepSeconds(p.exhaustive(1 << 20)), p.stepSeconds(p.listScheduling()), 1e-15);
    }

    @Test
    void aChainCannotGainFromMoreGpus() throws IOException {
        final DataflowGraph g = graph("in,input,,4,4,1,1,8,8,t\n"
                + "a,conv,in,4,4,3,3,8,8,t\n"
                + "b,conv,a,4,4,3,3,8,8,t\n"
                + "c,conv,b,4,4,3,3,8,8,t\n");
        assertEquals(1.0, new DataflowPlacementSpeedup(g).speedup(4, 4, LINEAR, FREE), 1e-12);
    }

    @Test
    void slowLinksKeepTheModelOnOneGpu() throws IOException {
        final DataflowGraph g = graph("in,input,,4,4,1,1,8,8,t\n"
                + "a,conv,in,4,64,3,3,64,64,t\n"
                + "b,conv,in,4,64,3,3,64,64,t\n"
                + "out,concat,a;b,128,128,1,1,64,64,t\n");
        assertEquals(1.0, new DataflowPlacementSpeedup(g).speedup(2, 64, LINEAR, TestClusters.uniform(8, 1)), 1e-12);
    }

    @Test
    void listSchedulingNeverBeatsTheExhaustiveOptimum() throws IOException {
        final SplittableRandom random = new SplittableRandom(7);
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        for (int trial = 0; trial < 20; trial++) {
            final StringBuilder rows = new StringBuilder("n0,input,,8,8,1,1,16,16,t\n");
            for (int i = 1; i < 9; i++) {
                final int from = random.nextInt(i);
                rows.append("n").append(i).append(",conv,n").append(from).append(",8,8,")
                        .append(1 + 2 * random.nextInt(3)).append(",3,16,16,t\n");
            }
            final PlacementProblem p = new DataflowPlacementSpeedup(graph(rows.toString()))
                    .problem(2, 32, LINEAR, dgx1);
            final double optimum = p.stepSeconds(p.exhaustive(1 << 20));
            assertTrue(optimum <= p.stepSeconds(p.listScheduling()) + 1e-15, "trial " + trial + " (seed 7)");
        }
    }

    @Test
    void inceptionV3GraphHasItsPublishedWork() {
        final DataflowGraph g = DataflowGraph.builtIn("inception-v3");
        assertEquals(121, g.size());
        // convolutions and FC: about 5.7 G multiply-adds (torchvision) = 11.43 GFLOP; pooling adds 0.02 GFLOP
        assertEquals(11.45e9, g.totalFlops(), 0.01e9);
        final double su2 = new DataflowPlacementSpeedup(g).speedup(2, 32, LINEAR, ClusterCatalog.builtIn("dgx1"));
        assertTrue(su2 > 1.0 && su2 < 2.0, "SU_MP(2) = " + su2);
    }

    @Test
    void graphErrorsNameFileAndLine() {
        final DataFileException e = assertThrows(DataFileException.class, () -> graph("in,input,,4,4,1,1,8,8,t\n"
                + "a,conv,in,5,4,3,3,8,8,t\n"));
        assertEquals("g.csv:3: op = conv with in_channels = 5: must have exactly one input whose out_channels equal it"
                + " (input gives 4)", e.getMessage());
        assertTrue(assertThrows(DataFileException.class, () -> graph("a,conv,zz,4,4,3,3,8,8,t\n")).getMessage()
                .contains("input 'zz' of node 'a' is not an earlier node"));
    }

    @Test
    void gpipeBubbleMatchesTheClosedForm() {
        // 4 equal layers, 4 GPUs, k = 8 micro-batches, compute proportional to batch, free links:
        // SU = M k / (k + M - 1) = 32 / 11
        final MicrobatchPipelineSpeedup gpipe = new MicrobatchPipelineSpeedup(new double[] {1, 1, 1, 1}, 8, 0);
        assertEquals(32.0 / 11, gpipe.speedup(4, 64, LINEAR, FREE), 1e-12);
        assertEquals(3.0 / 8, gpipe.bubbleFraction(4), 0);
        // a fixed per-step cost makes small micro-batches inefficient
        assertTrue(gpipe.speedup(4, 64, b -> 1 + 0.01 * b, FREE) < 32.0 / 11);
    }

    @Test
    void stagePartitionMinimisesTheHeaviestStage() {
        assertArrayEquals(new double[] {5, 5, 5}, StagePartition.balance(new double[] {2, 3, 5, 1, 4}, 3), 0);
        assertArrayEquals(new double[] {10}, StagePartition.balance(new double[] {4, 6}, 1), 0);
        assertThrows(IllegalArgumentException.class, () -> StagePartition.balance(new double[] {1}, 2));
    }

    @Test
    void givenSpeedupsAreLookedUp() {
        final GivenMpSpeedup g = new GivenMpSpeedup(new int[] {2, 4}, new double[] {1.3, 1.5});
        assertEquals(1.0, g.speedup(1, 1, LINEAR, FREE));
        assertEquals(1.5, g.speedup(4, 1, LINEAR, FREE));
        assertEquals("mp degree = 8: the profile gives SU_MP only for M in [2, 4]",
                assertThrows(IllegalArgumentException.class, () -> g.speedup(8, 1, LINEAR, FREE)).getMessage());
    }

    @Test
    void wavefrontPlacesLayersByStageTheEmbeddingFirstAndSpreadsHeads() {
        // two layers of 10, a head of 8 (4 dense parameters), an embedding of 6, a bidirectional layer of 2
        final LstmPhase phase = new LstmPhase("p", 5, 0, 2, new double[] {10, 10}, new double[] {8},
                new double[] {4}, 6);
        final LstmWavefrontSpeedup w = new LstmWavefrontSpeedup(java.util.List.of(phase));
        final ComputeTime compute = b -> 1.0;
        final double[] four = w.place(4, 32, compute, TestClusters.uniform(8, 1e12)).denseParameters();
        // GPU 0: embedding 6 + bidirectional half 1 + layer 10 + head 1; GPU 1: half 1 + layer 10 + head 1
        assertArrayEquals(new double[] {18, 12, 1, 1}, four, 1e-12);
        final double[] one = w.place(1, 32, compute, TestClusters.uniform(8, 1e12)).denseParameters();
        assertArrayEquals(new double[] {6 + 2 + 20 + 4}, one, 1e-12);
    }

    @Test
    void bigLstmKeepsItsTwoDenseLayersOnTwoGpus() {
        final org.scalebench.training.model.ModelProfile m = org.scalebench.training.model.ModelCatalog.builtIn(
                "biglstm");
        final double[] eight = m.mpSpeedup().place(8, 32, m.stepTime().variable(),
                org.scalebench.training.cluster.ClusterCatalog.builtIn("dgx1")).denseParameters();
        assertEquals(75_530_240, eight[0], 0);
        assertEquals(75_530_240, eight[1], 0);
        for (int g = 2; g < 8; g++) {
            assertEquals(0, eight[g], 0, "GPU " + g);
        }
    }

    @Test
    void dataflowPlacementHoldsEveryGraphParameterOnTheGpuItRunsOn() {
        final org.scalebench.training.model.ModelProfile m = org.scalebench.training.model.ModelCatalog.builtIn(
                "inception-v3");
        final DataflowPlacementSpeedup d = (DataflowPlacementSpeedup) m.mpSpeedup();
        double total = 0;
        for (int i = 0; i < d.graph().size(); i++) {
            total += d.graph().parameters(i);
        }
        // conv weights + batch-norm scale/shift + the classifier: close to Keras's 23,851,784 (aux head omitted)
        assertTrue(total > 21e6 && total < 23.9e6, "graph parameters " + total);
        final MpPlacement p = d.place(4, 64, m.stepTime().variable(),
                org.scalebench.training.cluster.ClusterCatalog.builtIn("dgx1"));
        assertEquals(total, p.placedTotal(), total * 1e-12);
        assertEquals(d.speedup(4, 64, m.stepTime().variable(), org.scalebench.training.cluster.ClusterCatalog
                .builtIn("dgx1")), p.speedup(), 0);
    }
}

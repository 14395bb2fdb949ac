package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclModel;

/** The cost model against the closed forms of Narayanan et al. (SC'21) and Korthikanti et al. (2022). */
class LlmCostModelTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    private static final GpuSpec A100_80 = GpuCatalog.resolve("a100-sxm4-80gb");
    private static final double GIB = 1L << 30;

    private static LlmCostModel cost(final String model) {
        return new LlmCostModel(TransformerCatalog.builtIn(model), DGX_A100, A100_80, null);
    }

    private static ParallelConfig config(final int gpus, final int t, final int p, final int batch, final int micro,
            final int v, final Recompute r, final boolean sp, final int zero) {
        return new ParallelConfig(gpus, t, p, gpus / (t * p), batch, micro, v,
                v > 1 ? Schedule.INTERLEAVED : Schedule.ONE_F_ONE_B, r, sp, ZeroStage.of(zero), HalfFormat.FP16);
    }

    @Test
    void parameterCountsMatchNarayanansClosedForm() {
        for (final String name : TransformerCatalog.builtInNames()) {
            final TransformerProfile m = TransformerCatalog.builtIn(name);
            final double l = m.layers();
            final double h = m.hidden();
            final double closed = 12 * l * h * h * (1 + 13 / (12 * h) + (m.vocab() + m.seqLength()) / (12 * l * h));
            assertEquals(closed, m.totalParameters() - 2 * h, closed * 1e-12, name);
        }
        assertEquals(175e9, TransformerCatalog.builtIn("gpt3-175b").totalParameters(), 1e9);
        assertEquals(1008e9, TransformerCatalog.builtIn("megatron-1t").totalParameters(), 1e9);
        assertEquals(529.6e9, TransformerCatalog.builtIn("mt-nlg-530b").totalParameters(), 0.5e9);
    }

    @Test
    void hardwareFlopsWithFullRecomputeMatchNarayanansEquationThree() {
        for (final String name : TransformerCatalog.builtInNames()) {
            final LlmCostModel c = cost(name);
            final TransformerProfile m = c.model();
            final double b = 1536;
            final double s = m.seqLength();
            final double l = m.layers();
            final double h = m.hidden();
            final double eq3 = 96 * b * s * l * h * h * (1 + s / (6 * h) + m.vocab() / (16 * l * h));
            assertEquals(eq3, c.hardwareFlopsPerIteration(1536, Recompute.FULL), eq3 * 1e-12, name);
            final double model = 72 * b * s * l * h * h * (1 + s / (6 * h) + m.vocab() / (12 * l * h));
            assertEquals(model, c.modelFlopsPerIteration(1536), model * 1e-12, name);
        }
    }

    @Test
    void activationMemoryMatchesKorthikantisFigureOne() {
        // Korthikanti et al. 2022, Figure 1 (as transcribed by calculon-ai/calculon validation.py): activations
        // in GiB without recomputation, and with sequence parallelism + selective recomputation
        final Object[][] cases = {
            {"megatron-22b", config(8, 8, 1, 4, 4, 1, Recompute.NONE, false, 0), 59.25},
            {"megatron-22b", config(8, 8, 1, 4, 4, 1, Recompute.SELECTIVE, true, 0), 9.5625},
            {"gpt3-175b", config(64, 8, 8, 64, 1, 3, Recompute.NONE, false, 0), 66.84375},
            {"gpt3-175b", config(64, 8, 8, 64, 1, 3, Recompute.SELECTIVE, true, 0), 12.3515625},
            {"mt-nlg-530b", config(280, 8, 35, 280, 1, 3, Recompute.NONE, false, 0), 114.0234375},
            {"mt-nlg-530b", config(280, 8, 35, 280, 1, 3, Recompute.SELECTIVE, true, 0), 23.076171875},
            {"megatron-1t", config(512, 8, 64, 512, 1, 1, Recompute.NONE, false, 0), 131.25},
            {"megatron-1t", config(512, 8, 64, 512, 1, 1, Recompute.SELECTIVE, true, 0), 26.5625},
        };
        for (final Object[] c : cases) {
            final LlmEstimate e = cost((String) c[0]).evaluate((ParallelConfig) c[1]);
            final double published = (Double) c[2];
            final double projected = e.part(LlmCostModel.MEM_ACTIVATIONS) / GIB;
            assertEquals(published, projected, 0.03 * published, c[0] + " " + c[1]);
        }
    }

    @Test
    void weightsGradientsAndAdamStateAreEighteenBytesPerParameterDividedByZero() {
        final LlmCostModel c = cost("megatron-22b");
        final double params = c.parametersPerGpu(8, 1);
        final LlmEstimate plain = c.evaluate(config(64, 8, 1, 64, 1, 1, Recompute.FULL, false, 0));
        assertEquals(18 * params, plain.part(LlmCostModel.MEM_WEIGHTS) + plain.part(LlmCostModel.MEM_GRADIENTS)
                + plain.part(LlmCostModel.MEM_OPTIMIZER), 1);
        // Korthikanti et al., Figure 1: 45.5625 GiB of weights and optimizer state for 22B at t = 8
        assertEquals(45.5625, 18 * params / GIB, 0.03 * 45.5625);
        final LlmEstimate z1 = c.evaluate(config(64, 8, 1, 64, 1, 1, Recompute.FULL, false, 1));
        final LlmEstimate z2 = c.evaluate(config(64, 8, 1, 64, 1, 1, Recompute.FULL, false, 2));
        final LlmEstimate z3 = c.evaluate(config(64, 8, 1, 64, 1, 1, Recompute.FULL, false, 3));
        assertEquals(12 * params / 8, z1.part(LlmCostModel.MEM_OPTIMIZER), 1);
        assertEquals(4 * params, z1.part(LlmCostModel.MEM_GRADIENTS), 1);
        assertEquals(4 * params / 8, z2.part(LlmCostModel.MEM_GRADIENTS), 1);
        assertEquals(2 * params, z2.part(LlmCostModel.MEM_WEIGHTS), 1);
        assertEquals(2 * params / 8 + 2 * c.model().parametersPerLayer() / 8, z3.part(LlmCostModel.MEM_WEIGHTS), 1,
                "a shard plus one gathered layer");
        assertTrue(z3.iterationSeconds() > z2.iterationSeconds(), "ZeRO-3 gathers weights every microbatch");
    }

    @Test
    void bubbleIsPipelineMinusOneOverChunksTimesMicrobatches() {
        final LlmCostModel c = cost("gpt3-175b");
        for (final int v : new int[] {1, 2, 3, 4}) {
            final LlmEstimate e = c.evaluate(config(64, 8, 8, 64, 1, v, Recompute.FULL, false, 0));
            final int m = 64;
            // the bubble over the ideal time of the mean stage: (p - 1) / (v m), up to the output layer's imbalance
            final double ideal = e.part(LlmCostModel.COMPUTE) + e.part(LlmCostModel.TENSOR_PARALLEL);
            assertEquals(7.0 / (v * m), e.part(LlmCostModel.BUBBLE) / ideal, 0.1 * 7.0 / (v * m), "v = " + v);
        }
        final LlmEstimate gpipe = c.evaluate(new ParallelConfig(64, 8, 8, 1, 64, 1, 1, Schedule.GPIPE, Recompute.FULL,
                false, ZeroStage.NONE, HalfFormat.FP16));
        final LlmEstimate oneF = c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.FULL, false, 0));
        assertEquals(oneF.iterationSeconds(), gpipe.iterationSeconds(), 1e-12);
        assertTrue(gpipe.part(LlmCostModel.MEM_ACTIVATIONS) > 7 * oneF.part(LlmCostModel.MEM_ACTIVATIONS),
                "GPipe keeps all 64 microbatches, 1F1B at most 8");
    }

    @Test
    void recomputationCostsTimeAndSavesMemory() {
        final LlmCostModel c = cost("gpt3-175b");
        final LlmEstimate none = c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.NONE, false, 0));
        final LlmEstimate selective = c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.SELECTIVE, false, 0));
        final LlmEstimate full = c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.FULL, false, 0));
        assertTrue(none.iterationSeconds() < selective.iterationSeconds());
        assertTrue(selective.iterationSeconds() < full.iterationSeconds());
        assertTrue(none.memoryBytes() > selective.memoryBytes());
        assertTrue(selective.memoryBytes() > full.memoryBytes());
        final double extra = (full.part(LlmCostModel.COMPUTE) - none.part(LlmCostModel.COMPUTE))
                / none.part(LlmCostModel.COMPUTE);
        assertTrue(extra > 0.25 && extra < 0.4, "full recompute adds one forward pass of three: " + extra);
        final LlmEstimate sp = c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.NONE, true, 0));
        assertTrue(sp.part(LlmCostModel.MEM_ACTIVATIONS) < none.part(LlmCostModel.MEM_ACTIVATIONS));
    }

    @Test
    void dataParallelCollectivesCrossNodesAndGrowWithTheReplicaCount() {
        final LlmCostModel c = cost("megatron-22b");
        final double params = c.parametersPerGpu(8, 1);
        assertEquals(0, c.dataParallelStepSeconds(ZeroStage.NONE, params, 8, 1));
        final double two = c.dataParallelStepSeconds(ZeroStage.NONE, params, 8, 2);
        final double many = c.dataParallelStepSeconds(ZeroStage.NONE, params, 8, 64);
        assertTrue(two > 0 && many > two, two + " " + many);
        // a 4-way data-parallel group of tp = 2 fits one node (NVLink), of tp = 8 it crosses 4 nodes
        assertTrue(c.dataParallelStepSeconds(ZeroStage.NONE, params, 2, 4) < c.dataParallelStepSeconds(ZeroStage.NONE, params, 8, 4));
        assertTrue(c.pipelineCrossesNodes(8, 1, 2));
        assertFalse(c.pipelineCrossesNodes(2, 2, 2));
    }

    @Test
    void tensorParallelismWiderThanANodeIsPricedByNcclOverTheNics() {
        final LlmCostModel c = new LlmCostModel(TransformerCatalog.builtIn("gpt3-175b"), DGX_A100, A100_80, null,
                Execution.ideal(), HalfFormat.BF16);
        final NcclModel nccl = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()), DGX_A100.ncclFabric());
        final long message = 2L * 2048 * 12288;
        final double[] layer = new double[LlmCostModel.LAYER_SLOTS];
        for (final int t : new int[] {8, 16, 32}) {
            assertEquals(t / 8 > 1 ? t / 8 : 1, c.tensorParallelNodes(t));
            c.layerCosts(t, 1, false, layer, 0);
            assertEquals(2 * nccl.fastestSeconds(Collective.ALL_REDUCE, message, t, c.tensorParallelNodes(t)),
                    layer[LlmCostModel.TP_FWD], 1e-15, "t = " + t);
            c.layerCosts(t, 1, true, layer, 0);
            assertEquals(2 * (nccl.fastestSeconds(Collective.ALL_GATHER, message, t, c.tensorParallelNodes(t))
                    + nccl.fastestSeconds(Collective.REDUCE_SCATTER, message, t, c.tensorParallelNodes(t))),
                    layer[LlmCostModel.TP_FWD], 1e-15, "t = " + t + ", sequence parallel");
        }
        c.layerCosts(8, 1, false, layer, 0);
        final double node = layer[LlmCostModel.TP_FWD];
        c.layerCosts(16, 1, false, layer, 0);
        assertTrue(layer[LlmCostModel.TP_FWD] > node, "8 NICs of 25 GB/s are slower than NVSwitch");
        // a 16-way group on 64 GPUs: the pipeline crosses nodes, each data-parallel group has one rank per node
        final LlmEstimate wide = c.evaluate(config(64, 16, 4, 64, 1, 1, Recompute.FULL, false, 0));
        assertTrue(wide.part(LlmCostModel.TENSOR_PARALLEL) > 0 && c.pipelineCrossesNodes(16, 1, 4));
        assertTrue(wide.iterationSeconds() > c.evaluate(config(64, 8, 8, 64, 1, 1, Recompute.FULL, false, 0))
                .iterationSeconds() * 0.5);
    }

    @Test
    void aTensorParallelGroupWiderThanANodeMustSpanWholeNodes() {
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        config(64, 16, 4, 64, 1, 1, Recompute.FULL, false, 0).check(gpt3, 8);
        config(64, 32, 2, 64, 1, 1, Recompute.FULL, false, 0).check(gpt3, 8);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(96, 12, 8, 96, 1, 1, Recompute.FULL, false, 0).check(gpt3, 8));
        assertTrue(e.getMessage().startsWith("tp = 12: must be at most the 8 GPUs of a node or a multiple of it"),
                e.getMessage());
    }

    @Test
    void backwardCollectivesHideBehindTheWeightGradientGemmsButSlowThemByNcclsShareOfTheSms() {
        final TransformerProfile m = TransformerCatalog.builtIn("megatron-22b");
        final LlmCostModel exposed = new LlmCostModel(m, DGX_A100, A100_80, null, Execution.ideal(), HalfFormat.FP16);
        final LlmCostModel hidden = new LlmCostModel(m, DGX_A100, A100_80, null,
                Execution.megatron(Execution.MEGATRON_2022).without(java.util.EnumSet.complementOf(
                        java.util.EnumSet.of(ExecutionPart.TP_OVERLAP))), HalfFormat.FP16);
        final double[] a = new double[LlmCostModel.LAYER_SLOTS];
        final double[] b = new double[LlmCostModel.LAYER_SLOTS];
        exposed.layerCosts(8, 4, false, a, 0);
        hidden.layerCosts(8, 4, false, b, 0);
        assertEquals(a[LlmCostModel.TP_FWD], b[LlmCostModel.TP_FWD], 1e-15, "forward collectives stay exposed");
        assertEquals(a[LlmCostModel.BWD], b[LlmCostModel.BWD], 1e-15);
        assertTrue(b[LlmCostModel.TP_BWD] < 0.25 * a[LlmCostModel.TP_BWD], "the all-reduces hide behind the"
                + " weight-gradient GEMMs: " + b[LlmCostModel.TP_BWD] + " of " + a[LlmCostModel.TP_BWD]);
        // what remains is NCCL's channels' share of the SMs for the duration of the collective
        final double share = 12.0 / 108;
        assertEquals(share * a[LlmCostModel.TP_BWD], b[LlmCostModel.TP_BWD], 1e-3 * a[LlmCostModel.TP_BWD]);
    }

    @Test
    void eachExecutionPartMakesTheIterationSlowerExceptTheOverlap() {
        final TransformerProfile m = TransformerCatalog.builtIn("gpt3-175b");
        final ParallelConfig c = config(64, 8, 8, 64, 1, 3, Recompute.FULL, false, 0);
        final double ideal = new LlmCostModel(m, DGX_A100, A100_80, null, Execution.ideal(), HalfFormat.FP16)
                .evaluate(c).iterationSeconds();
        final Execution all = Execution.megatron(Execution.MEGATRON_2021).withGemmEfficiency(0.9);
        for (final ExecutionPart part : ExecutionPart.values()) {
            final Execution only = all.without(java.util.EnumSet.complementOf(java.util.EnumSet.of(part)));
            final Execution with = part == ExecutionPart.TP_OVERLAP ? Execution.megatron(Execution.MEGATRON_2022)
                    .without(java.util.EnumSet.complementOf(java.util.EnumSet.of(part)))
                    : part == ExecutionPart.DP_OVERLAP || part == ExecutionPart.TP_COMM_OVERLAP
                            ? Execution.ideal().with(java.util.EnumSet.of(part)) : only;
            final double time = new LlmCostModel(m, DGX_A100, A100_80, null, with, HalfFormat.FP16).evaluate(c)
                    .iterationSeconds();
            if (part == ExecutionPart.DP_OVERLAP || part == ExecutionPart.TP_COMM_OVERLAP) {
                assertEquals(ideal, time, 0, "one data-parallel rank, no sequence parallelism: nothing to overlap");
            } else if (part == ExecutionPart.TP_OVERLAP) {
                assertTrue(time < ideal, part + ": " + time + " against " + ideal);
            } else if (part == ExecutionPart.KERNEL_LAUNCH) {
                assertTrue(time >= ideal, part + ": " + time + " against " + ideal);
            } else {
                assertTrue(time > ideal, part + ": " + time + " against " + ideal);
            }
        }
    }

    @Test
    void theKernelLaunchFloorDominatesATinyModel() {
        final TransformerProfile tiny = new TransformerProfile("tiny", 4, 128, 2, 2, 512, false, 128, 1024,
                Map.of());
        final ParallelConfig c = new ParallelConfig(1, 1, 1, 1, 1, 1, 1, Schedule.ONE_F_ONE_B, Recompute.NONE, false,
                ZeroStage.NONE, HalfFormat.BF16);
        final Execution launch = Execution.ideal().withGemmEfficiency(1);
        final double without = new LlmCostModel(tiny, DGX_A100, A100_80, null, launch, HalfFormat.BF16).evaluate(c)
                .iterationSeconds();
        final double with = new LlmCostModel(tiny, DGX_A100, A100_80, null, Execution.megatron(
                Execution.MEGATRON_2022).without(java.util.EnumSet.complementOf(java.util.EnumSet.of(
                        ExecutionPart.KERNEL_LAUNCH))), HalfFormat.BF16).evaluate(c).iterationSeconds();
        // 4 layers x (14 forward + 20 backward kernels) at 5 us at least, plus the head
        assertTrue(with > 4 * 34 * 5e-6, "with the floor: " + with);
        assertTrue(with > 2 * without, with + " against " + without);
    }

    @Test
    void aConfigurationThatDoesNotFitIsMarked() {
        final LlmCostModel c = new LlmCostModel(TransformerCatalog.builtIn("gpt3-175b"), DGX_A100,
                GpuCatalog.forCluster(DGX_A100), null);
        assertEquals("a100-sxm4-40gb", c.gpu().name());
        final LlmEstimate e = c.evaluate(config(64, 8, 8, 64, 1, 3, Recompute.FULL, false, 0));
        assertFalse(e.fitsMemory(), "175B over 64 A100 40GB needs about 54 GiB per GPU");
        assertTrue(cost("gpt3-175b").evaluate(config(64, 8, 8, 64, 1, 3, Recompute.FULL, false, 0)).fitsMemory());
    }

    @Test
    void badCombinationsNameTheParameters() {
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        final Map<ParallelConfig, String> bad = Map.of(
                new ParallelConfig(40, 5, 8, 1, 64, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false, ZeroStage.NONE,
                        HalfFormat.BF16), "tp = 5",
                new ParallelConfig(56, 8, 7, 1, 64, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false, ZeroStage.NONE,
                        HalfFormat.BF16), "pp = 7",
                new ParallelConfig(100, 8, 8, 1, 64, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false, ZeroStage.NONE,
                        HalfFormat.BF16), "gpus = 100",
                new ParallelConfig(128, 8, 8, 2, 63, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false, ZeroStage.NONE,
                        HalfFormat.BF16), "global batch = 63",
                new ParallelConfig(64, 8, 8, 1, 60, 1, 3, Schedule.INTERLEAVED, Recompute.FULL, false, ZeroStage.NONE,
                        HalfFormat.BF16), "interleave = 3",
                new ParallelConfig(64, 1, 8, 8, 64, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, true, ZeroStage.NONE,
                        HalfFormat.BF16), "sequence parallel");
        bad.forEach((config, parameter) -> {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> config.check(gpt3, 8));
            assertTrue(e.getMessage().startsWith(parameter), e.getMessage());
        });
    }

    @Test
    void parametersPerGpuSplitTheLayersOverStagesAndTheEmbeddingOverTensorRanks() {
        // megatron-1.7b: 24 layers of 12 h^2 + 13 h (h = 2304), a 51200 x h embedding split over t, s x h positions
        final double h = 2304;
        final double expected = 24.0 / 4 * (12 * h * h + 13 * h) / 2 + 51200 * h / 2 + 2048 * h;
        assertEquals(expected, cost("megatron-1.7b").parametersPerGpu(2, 4), expected * 1e-12);
    }

    @Test
    void zeroShardsTheOptimizersMemoryTrafficOverTheDataParallelRanks() {
        final LlmCostModel c = cost("megatron-1.7b");
        final double whole = c.optimizerSeconds(ZeroStage.of(0), 1e9, 1);
        assertTrue(whole > 0);
        assertEquals(whole, c.optimizerSeconds(ZeroStage.of(0), 1e9, 4), 0);
        assertEquals(whole / 4, c.optimizerSeconds(ZeroStage.of(1), 1e9, 4), whole * 1e-12);
    }
}

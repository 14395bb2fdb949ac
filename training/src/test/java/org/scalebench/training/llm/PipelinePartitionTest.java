package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;

/** Megatron-LM's even split of the layers and DeepSpeed's split with the embeddings counted as layers. */
class PipelinePartitionTest {

    @Test
    void uniformNeedsADivisorAndEmbeddingSlotsCountTheEmbeddings() {
        assertArrayEquals(new int[] {3, 3, 3}, PipelinePartition.UNIFORM.stageLayers(9, 3));
        assertThrows(IllegalArgumentException.class, () -> PipelinePartition.UNIFORM.stageLayers(70, 12));
        // BLOOM-176B: 70 layers and 2 embeddings in 72 slots, 6 per stage (tr11-176B-ml.slurm line 104)
        final int[] bloom = PipelinePartition.EMBEDDING_SLOTS.stageLayers(70, 12);
        assertArrayEquals(new int[] {5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5}, bloom);
        assertEquals(70, Arrays.stream(bloom).sum());
        // 10 slots on 4 stages: 3, 3, 3, 1; the last stage keeps one slot for the output layer and no layer
        assertThrows(IllegalArgumentException.class, () -> PipelinePartition.EMBEDDING_SLOTS.stageLayers(8, 4));
        assertArrayEquals(new int[] {8}, PipelinePartition.EMBEDDING_SLOTS.stageLayers(8, 1));
        assertEquals(PipelinePartition.EMBEDDING_SLOTS, PipelinePartition.parse("embedding-slots"));
    }

    @Test
    void theBusiestStageSetsThePace() {
        final TransformerProfile bloom = TransformerCatalog.builtIn("bloom-176b");
        final GpuSpec gpu = GpuCatalog.resolve("a100-sxm4-80gb");
        final Execution ex = Execution.megatron(Execution.MEGATRON_2021);
        final ParallelConfig c = new ParallelConfig(384, 4, 12, 8, 2048, 2, 1, Schedule.ONE_F_ONE_B, Recompute.FULL,
                false, ZeroStage.of(1), HalfFormat.BF16);
        c.check(bloom, 8, PipelinePartition.EMBEDDING_SLOTS);
        assertThrows(IllegalArgumentException.class, () -> c.check(bloom, 8));
        final LlmEstimate slots = new LlmCostModel(bloom, ClusterCatalog.builtIn("jean-zay-a100"), gpu, null, ex,
                HalfFormat.BF16, PipelinePartition.EMBEDDING_SLOTS).evaluate(c);
        assertTrue(slots.fitsMemory());
        assertTrue(slots.iterationSeconds() > 0);
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        final ParallelConfig g = new ParallelConfig(64, 8, 8, 1, 64, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false,
                ZeroStage.NONE, HalfFormat.FP16);
        final LlmEstimate uniform = new LlmCostModel(gpt3, ClusterCatalog.builtIn("dgx-a100"), gpu, null, ex,
                HalfFormat.FP16).evaluate(g);
        final LlmEstimate deepSpeed = new LlmCostModel(gpt3, ClusterCatalog.builtIn("dgx-a100"), gpu, null, ex,
                HalfFormat.FP16, PipelinePartition.EMBEDDING_SLOTS).evaluate(g);
        // 98 slots on 8 stages: 13 each for the first seven (the first 12 layers), 7 on the last (6 layers):
        // the busiest stage holds 13 layers against 12, so the DeepSpeed split is slower
        assertArrayEquals(new int[] {12, 13, 13, 13, 13, 13, 13, 6}, PipelinePartition.EMBEDDING_SLOTS
                .stageLayers(96, 8));
        assertTrue(deepSpeed.iterationSeconds() > uniform.iterationSeconds());
    }

    private static ParallelConfig oneFOneB(final int p, final int microbatches) {
        return new ParallelConfig(8 * p, 8, p, 1, microbatches, 1, 1, Schedule.ONE_F_ONE_B, Recompute.FULL, false,
                ZeroStage.NONE, HalfFormat.FP16);
    }

    @Test
    void twoStagesOfEmbeddingSlotsAreMegatronsEvenSplit() {
        // 48 layers and 2 embeddings in 50 slots: 25 per stage, each stage 24 layers and one embedding, as Megatron-LM
        final TransformerProfile m = TransformerCatalog.builtIn("megatron-22b");
        final GpuSpec gpu = GpuCatalog.resolve("a100-sxm4-80gb");
        final Execution ex = Execution.megatron(Execution.MEGATRON_2021);
        final LlmCostModel even = new LlmCostModel(m, ClusterCatalog.builtIn("dgx-a100"), gpu, null, ex,
                HalfFormat.FP16);
        final LlmCostModel slots = new LlmCostModel(m, ClusterCatalog.builtIn("dgx-a100"), gpu, null, ex,
                HalfFormat.FP16, PipelinePartition.EMBEDDING_SLOTS);
        assertArrayEquals(new int[] {24, 24}, PipelinePartition.EMBEDDING_SLOTS.stageLayers(48, 2));
        final LlmEstimate a = even.evaluate(oneFOneB(2, 8));
        final LlmEstimate b = slots.evaluate(oneFOneB(2, 8));
        for (int slot = 0; slot < LlmCostModel.BREAKDOWN_SLOTS; slot++) {
            assertEquals(a.part(slot), b.part(slot), 1e-12 * Math.max(1, Math.abs(a.part(slot))), "slot " + slot);
        }
        assertEquals(even.parametersPerGpu(8, 2), slots.parametersPerGpu(8, 2), 1e-6);
    }

    @Test
    void anUnevenSplitIsPacedAndSizedByItsBusiestStage() {
        // 48 layers in 50 slots on 4 stages, 13 slots each until they run out: 12 + the input embedding, 13, 13,
        // 10 + the output layer
        final TransformerProfile m = TransformerCatalog.builtIn("megatron-22b");
        final int[] stages = PipelinePartition.EMBEDDING_SLOTS.stageLayers(48, 4);
        assertArrayEquals(new int[] {12, 13, 13, 10}, stages);
        final LlmCostModel c = new LlmCostModel(m, ClusterCatalog.builtIn("dgx-a100"),
                GpuCatalog.resolve("a100-sxm4-80gb"), null, Execution.ideal(), HalfFormat.FP16,
                PipelinePartition.EMBEDDING_SLOTS);
        final int micro = 8;
        final LlmEstimate e = c.evaluate(oneFOneB(4, micro));
        final double[] l = new double[LlmCostModel.LAYER_SLOTS];
        c.layerCosts(8, 1, false, l, 0);
        final double layer = l[LlmCostModel.FWD] + l[LlmCostModel.BWD] + l[LlmCostModel.REC_FULL];
        final double tp = 2 * l[LlmCostModel.TP_FWD] + l[LlmCostModel.TP_BWD];
        final double head = l[LlmCostModel.HEAD];
        final double embed = l[LlmCostModel.EMBED];
        assertTrue(13 * (layer + tp) > 12 * (layer + tp) + embed && 13 * (layer + tp) > 10 * (layer + tp) + head,
                "a middle stage of 13 layers is the busiest");
        assertEquals(micro * 13 * layer, e.part(LlmCostModel.COMPUTE), 1e-9 * e.part(LlmCostModel.COMPUTE));
        assertEquals(micro * 13 * tp, e.part(LlmCostModel.TENSOR_PARALLEL), 1e-9 * e.part(LlmCostModel.TENSOR_PARALLEL));
        assertEquals(3 * (48 * (layer + tp) + head + embed) / 4, e.part(LlmCostModel.BUBBLE),
                1e-9 * e.part(LlmCostModel.BUBBLE));
        // activations: stage k keeps min(p - k, m) microbatches in flight; the first stage's 12 x 4 layers are the most
        final double kept = l[LlmCostModel.ACT_FULL];
        final double workspace = l[LlmCostModel.ACT_NONE];
        final double first = Math.max(12 * kept * 4, Math.max(13 * kept * 3, 13 * kept * 2)) + workspace;
        final double last = 10 * kept + workspace + l[LlmCostModel.HEAD_ACT];
        assertEquals(Math.max(first, last), e.part(LlmCostModel.MEM_ACTIVATIONS), 1e-6 * first);
        // weights: the stage with the most parameters, the first (12 layers and the input embedding) or a middle one
        final double perLayer = m.parametersPerLayer() / 8;
        final double vocabulary = (double) m.vocab() * m.hidden() / 8;
        final double most = Math.max(12 * perLayer + vocabulary + (double) m.seqLength() * m.hidden(),
                Math.max(13 * perLayer, 10 * perLayer + vocabulary));
        assertEquals(most, c.parametersPerGpu(8, 4), 1e-6 * most);
    }

    @Test
    void bloomsLastStageIsTheBusiestForItsOutputLayer() {
        // 5 layers and the output layer of a 250,880-token vocabulary (about 1.5 layers' FLOPs, V / 12h) outweigh the
        // middle stages' 6 layers
        final TransformerProfile bloom = TransformerCatalog.builtIn("bloom-176b");
        final LlmCostModel c = new LlmCostModel(bloom, ClusterCatalog.builtIn("jean-zay-a100"),
                GpuCatalog.resolve("a100-sxm4-80gb"), null, Execution.ideal(), HalfFormat.BF16,
                PipelinePartition.EMBEDDING_SLOTS);
        final int micro = 32;
        final LlmEstimate e = c.evaluate(new ParallelConfig(48, 4, 12, 1, micro, 1, 1, Schedule.ONE_F_ONE_B,
                Recompute.NONE, false, ZeroStage.NONE, HalfFormat.BF16));
        final double[] l = new double[LlmCostModel.LAYER_SLOTS];
        c.layerCosts(4, 1, false, l, 0);
        final double layer = l[LlmCostModel.FWD] + l[LlmCostModel.BWD];
        final double tp = l[LlmCostModel.TP_FWD] + l[LlmCostModel.TP_BWD];
        final double head = l[LlmCostModel.HEAD];
        assertTrue(5 * (layer + tp) + head > 6 * (layer + tp), "the last stage is the busiest (no recomputation, "
                + "which would weigh the layers and not the output layer)");
        assertEquals(micro * (5 * layer + head), e.part(LlmCostModel.COMPUTE), 1e-9 * e.part(LlmCostModel.COMPUTE));
        assertEquals(micro * 5 * tp, e.part(LlmCostModel.TENSOR_PARALLEL), 1e-9 * e.part(LlmCostModel.TENSOR_PARALLEL));
        // 4-way tensor parallelism: two stages share a node, so the pipeline crosses nodes
        assertEquals(2 * (micro + 11) * l[LlmCostModel.P2P_INTER], e.part(LlmCostModel.PIPELINE_TRANSFERS),
                1e-9 * e.part(LlmCostModel.PIPELINE_TRANSFERS));
    }
}

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
}

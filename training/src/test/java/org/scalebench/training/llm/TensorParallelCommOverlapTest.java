package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclModel;

/**
 * Transformer Engine's userbuffers ({@link ExecutionPart#TP_COMM_OVERLAP}, Megatron-LM's {@code --tp-comm-overlap}):
 * each expected figure worked out here from the GEMM model and NCCL's model called directly.
 */
class TensorParallelCommOverlapTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    private static final GpuSpec A100_80 = GpuCatalog.resolve("a100-sxm4-80gb");
    private static final TransformerProfile MODEL = TransformerCatalog.builtIn("megatron-22b");

    private static LlmCostModel cost(final boolean commOverlap) {
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022, true);
        return new LlmCostModel(MODEL, DGX_A100, A100_80, null,
                commOverlap ? v2022.with(EnumSet.of(ExecutionPart.TP_COMM_OVERLAP)) : v2022, HalfFormat.BF16);
    }

    /** A GEMM as the model launches it: never shorter than the launch floor. */
    private static double gemm(final LlmCostModel cost, final long m, final long n, final long k) {
        return Math.max(cost.execution().kernelFloorSeconds(), cost.gemm().seconds(1, m, n, k));
    }

    /** The longer of GEMM and collective (the GEMM losing the channels' SMs), plus one eighth of the shorter. */
    private static double pipelinedExtra(final double g, final double c, final double share, final int pieces) {
        return Math.max(c, g + share * c) + Math.min(g, c) / pieces - g;
    }

    @Test
    void theForwardCollectivesAndTheRowParallelGathersArePipelinedWithTheirGemms() {
        final LlmCostModel on = cost(true);
        final LlmCostModel off = cost(false);
        final double[] a = new double[LlmCostModel.LAYER_SLOTS];
        final double[] b = new double[LlmCostModel.LAYER_SLOTS];
        off.layerCosts(8, 4, true, a, 0);
        on.layerCosts(8, 4, true, b, 0);
        final long tokens = 4L * MODEL.seqLength();
        final long h = MODEL.hidden();
        final long f = MODEL.ffnHidden();
        final NcclModel nccl = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()), DGX_A100.ncclFabric());
        final double gather = nccl.fastestSeconds(Collective.ALL_GATHER, 2 * tokens * h, 8, 1);
        final double scatter = nccl.fastestSeconds(Collective.REDUCE_SCATTER, 2 * tokens * h, 8, 1);
        final double share = Math.min(1.0, (double) DGX_A100.ncclFabric().channelsSingleNode() / A100_80.sms());
        assertEquals(2 * (gather + scatter), a[LlmCostModel.TP_FWD], 1e-15, "exposed without userbuffers");
        final double qkv = gemm(on, tokens, (h + 2L * MODEL.kvDim()) / 8, h);
        final double projection = gemm(on, tokens, h, h / 8);
        final double fc1 = gemm(on, tokens, f / 8, h);
        final double fc2 = gemm(on, tokens, h, f / 8);
        // all-gathers round the ring in t = 8 pieces, reduce-scatters in userbuffers' 4 (execution.csv)
        assertEquals(pipelinedExtra(qkv, gather, share, 8) + pipelinedExtra(projection, scatter, share, 4)
                + pipelinedExtra(fc1, gather, share, 8) + pipelinedExtra(fc2, scatter, share, 4), b[LlmCostModel.TP_FWD],
                1e-15);
        // backward: the two row-parallel output-gradient gathers, exposed before, now pipelined with the input-
        // gradient GEMMs of the output projection and the second MLP matrix; the column-parallel pairs as before
        final double projectionInput = gemm(on, tokens, h / 8, h);
        final double fc2Input = gemm(on, tokens, f / 8, h);
        assertEquals(a[LlmCostModel.TP_BWD] - 2 * gather + pipelinedExtra(projectionInput, gather, share, 8)
                + pipelinedExtra(fc2Input, gather, share, 8), b[LlmCostModel.TP_BWD], 1e-15);
        assertTrue(b[LlmCostModel.TP_FWD] < 0.5 * a[LlmCostModel.TP_FWD], b[LlmCostModel.TP_FWD] + " of "
                + a[LlmCostModel.TP_FWD]);
        for (final int slot : new int[] {LlmCostModel.FWD, LlmCostModel.BWD, LlmCostModel.HEAD, LlmCostModel.ACT_NONE}) {
            assertEquals(a[slot], b[slot], 0, "only the collectives move: slot " + slot);
        }
    }

    @Test
    void onMegatronOf2021TheBackwardIsExposedUnlessUserbuffersOverlapIt() {
        final Execution v2021 = Execution.megatron(Execution.MEGATRON_2021, true);
        final double[] exposed = new double[LlmCostModel.LAYER_SLOTS];
        final double[] pipelined = new double[LlmCostModel.LAYER_SLOTS];
        final double[] v2022 = new double[LlmCostModel.LAYER_SLOTS];
        new LlmCostModel(MODEL, DGX_A100, A100_80, null, v2021, HalfFormat.BF16).layerCosts(8, 4, true, exposed, 0);
        new LlmCostModel(MODEL, DGX_A100, A100_80, null, v2021.with(EnumSet.of(ExecutionPart.TP_COMM_OVERLAP)),
                HalfFormat.BF16).layerCosts(8, 4, true, pipelined, 0);
        cost(true).layerCosts(8, 4, true, v2022, 0);
        assertEquals(exposed[LlmCostModel.TP_FWD], exposed[LlmCostModel.TP_BWD], 0, "as exposed as the forward ones");
        // userbuffers bring their own backward overlaps: the same collectives as 2022's with them
        assertEquals(v2022[LlmCostModel.TP_BWD], pipelined[LlmCostModel.TP_BWD], 1e-15);
        assertEquals(v2022[LlmCostModel.TP_FWD], pipelined[LlmCostModel.TP_FWD], 1e-15);
    }

    @Test
    void withoutSequenceParallelismOrTensorParallelismNothingChanges() {
        for (final int t : new int[] {1, 8}) {
            final double[] a = new double[LlmCostModel.LAYER_SLOTS];
            final double[] b = new double[LlmCostModel.LAYER_SLOTS];
            cost(false).layerCosts(t, 2, false, a, 0);
            cost(true).layerCosts(t, 2, false, b, 0);
            assertEquals(java.util.Arrays.toString(a), java.util.Arrays.toString(b), "tp " + t);
        }
    }
}

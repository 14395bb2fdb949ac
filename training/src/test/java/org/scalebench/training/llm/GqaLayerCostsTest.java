package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.AlphaBetaGamma;

/**
 * Per-layer activation bytes and pipeline messages of a grouped-query, gated-MLP layer (none is built in), worked
 * out by hand from Korthikanti et al. (2022), Section 4, extended to {@code g = kv_heads / heads}: of the 34 sbh
 * bytes per layer, 10 sbh are replicated (LayerNorm inputs, dropout masks, the attention input), the query
 * and the projection input 2 sbh each, the key and the value 2 g sbh each, the MLP 2 sbf per matrix output
 * (gate, up and their product: 6 sbf); the scores 5 a s^2 b.
 */
class GqaLayerCostsTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    /** 4096 hidden, 32 heads of which 8 key/value heads (g = 1/4), a gated MLP of 14336, s = 2048, V = 32000. */
    private static final TransformerProfile GQA = new TransformerProfile("gqa-test", 4, 4096, 32, 8, 14336, true, 2048,
            32000, Map.of());
    private static final double SBH = 2048.0 * 4096;
    private static final double SBF = 2048.0 * 14336;

    private static double[] layer(final int t, final boolean sp) {
        final double[] out = new double[LlmCostModel.LAYER_SLOTS];
        new LlmCostModel(GQA, DGX_A100, GpuCatalog.resolve("a100-sxm4-80gb"), null).layerCosts(t, 1, sp, out, 0);
        return out;
    }

    @Test
    void activationBytesWithGroupedQueriesAndAGatedMlp() {
        final double[] sp = layer(4, true);
        // with sequence parallelism every part is split over t = 4: (10 + 4 + 4/4) sbh + 6 sbf
        final double selective = (15 * SBH + 6 * SBF) / 4;
        assertEquals(75_497_472.0, selective, 0);
        assertEquals(selective, sp[LlmCostModel.ACT_SELECTIVE], 1e-6);
        // plus the scores 5 a s^2 b / t
        assertEquals(selective + 5.0 * 32 * 2048 * 2048 / 4, sp[LlmCostModel.ACT_NONE], 1e-6);
        // full recomputation keeps the layer input, 2 sbh / t
        assertEquals(2 * SBH / 4, sp[LlmCostModel.ACT_FULL], 1e-6);
        // the output layer: 4 sbh / t (1 + V / h)
        assertEquals(4 * SBH / 4 * (1 + 32000.0 / 4096), sp[LlmCostModel.HEAD_ACT], 1e-6);
        // without sequence parallelism the 10 sbh and the layer input stay whole
        final double[] plain = layer(4, false);
        assertEquals(10 * SBH + (5 * SBH + 6 * SBF) / 4, plain[LlmCostModel.ACT_SELECTIVE], 1e-6);
        assertEquals(2 * SBH, plain[LlmCostModel.ACT_FULL], 1e-6);
    }

    @Test
    void pipelineMessagesCarryTheLayerOutput() {
        // with sequence parallelism each GPU sends its 2 sbh / t bytes, nothing to gather
        final double[] sp = layer(4, true);
        final double bytes = 2 * SBH / 4;
        final AlphaBetaGamma network = DGX_A100.interLinkPerGpu();
        assertEquals(network.alpha() + bytes * network.beta(), sp[LlmCostModel.P2P_INTER], 1e-15);
        assertEquals(DGX_A100.peerLatency() + bytes / DGX_A100.peerBandwidth(0, 1), sp[LlmCostModel.P2P_INTRA],
                1e-15);
        // without tensor parallelism: the whole 2 sbh
        final double[] one = layer(1, false);
        assertEquals(network.alpha() + 2 * SBH * network.beta(), one[LlmCostModel.P2P_INTER], 1e-15);
    }
}

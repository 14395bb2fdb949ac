package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;

/**
 * The transformer model at the largest sizes its inputs accept (a profile with hidden and seq_length 2^20 and 2^16
 * heads, a microbatch of up to 2^24 sequences, GEMM tiles down to 1): no count wraps in a long and no byte count
 * saturates silently.
 */
class LlmScaleLimitsTest {

    private static final GpuSpec H100 = GpuCatalog.resolve("h100-sxm5-80gb");

    @Test
    void aGemmOfMoreThan2To63TilesIsNotFasterThanItsFlops() {
        // 2^40 x (2^20 / 256) x (2^20 / 128) = 2^65 output tiles: the tile count wrapped to 0 in a long, the compute
        // time with it, and the GEMM was priced by its bytes alone, 100x below its FLOPs
        final GemmModel gemm = new GemmModel(H100, 2);
        final long batch = 1L << 40;
        final long m = 1 << 20;
        final long n = 1 << 20;
        final long k = 1 << 14;
        final double flops = 2.0 * batch * m * n * k;
        assertTrue(gemm.seconds(batch, m, n, k) >= flops / H100.maxMatmul(), "at most the measured maximum");
        // full waves: the time is linear in the batch, as at 2^30 (where the count is exact)
        assertEquals(1024 * gemm.seconds(1L << 30, m, n, k), gemm.seconds(batch, m, n, k),
                1e-12 * gemm.seconds(batch, m, n, k));
    }

    @Test
    void aTileCountBelow2To53IsPricedAsBefore() {
        final GemmModel gemm = new GemmModel(H100, 2);
        // 3 x 5 x 7 = 105 tiles on 132 SMs: one wave of 256 x 128 x k
        final double wave = 132 * 2.0 * 256 * 128 * 4096 / H100.maxMatmul();
        assertEquals(wave, gemm.seconds(3, 5 * 256 - 1, 7 * 128, 4096), 1e-15 * wave);
    }

    private static TransformerProfile widest() {
        return new TransformerProfile("widest", 1, 1 << 20, 1 << 16, 1 << 16, 1 << 22, false, 1 << 20, 16, Map.of());
    }

    @Test
    void aMicrobatchWhoseActivationsPass2To63BytesIsRefused() {
        // 2^22 sequences x 2^20 tokens x 2^20 hidden x 2 bytes = 2^63 bytes: the tensor-parallel message was cast to
        // a long and saturated at 2^63 - 1 (at 2^24 sequences it was priced 4x too small)
        final LlmCostModel cost = new LlmCostModel(widest(), ClusterCatalog.builtIn("dgx-h100"), H100, null);
        final double[] out = new double[LlmCostModel.LAYER_SLOTS];
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> cost.layerCosts(2, 1 << 22, false, out, 0));
        assertEquals("micro batch = 4194304: a microbatch's activations, micro batch x seq_length 1048576 x hidden"
                + " 1048576 x 2 bytes = 9.22e+18 bytes, must be at most 2^63 - 1 bytes for widest", e.getMessage());
        cost.layerCosts(2, (1 << 22) - 1, false, out, 0);
        final ParallelConfig config = new ParallelConfig(2, 2, 1, 1, 1 << 24, 1 << 24, 1, Schedule.ONE_F_ONE_B,
                Recompute.NONE, false, ZeroStage.NONE, HalfFormat.BF16);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.check(widest(), 8)).getMessage()
                .startsWith("micro batch = 16777216: a microbatch's activations"));
    }
}

package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;

/**
 * The search against a brute force that builds and evaluates every configuration through the public API
 * ({@link ParallelConfig#check}, {@link LlmCostModel#evaluate}); the checker is shown to catch a planted bug.
 */
class LlmSearchTest {

    /** The plain reference: every configuration, checked and evaluated one by one; the fastest that fits. */
    private static LlmEstimate bruteForce(final LlmCostModel cost, final int gpus, final int batch,
            final int maxInterleave) {
        final TransformerProfile m = cost.model();
        LlmEstimate best = null;
        for (int t = 1; t <= cost.cluster().gpusPerNode() * LlmSearch.MAX_TENSOR_PARALLEL_NODES; t *= 2) {
            for (int p = 1; p <= m.layers(); p++) {
                if (gpus % (t * p) != 0) {
                    continue;
                }
                for (final int b : LlmSearch.Space.ALL.microBatches()) {
                    for (int v = 1; v <= maxInterleave; v++) {
                        for (final Recompute r : Recompute.values()) {
                            for (final boolean sp : new boolean[] {false, true}) {
                                for (final ZeroStage z : ZeroStage.values()) {
                                    final ParallelConfig c = new ParallelConfig(gpus, t, p, gpus / (t * p), batch, b,
                                            v, v > 1 ? Schedule.INTERLEAVED : Schedule.ONE_F_ONE_B, r, sp, z,
                                            HalfFormat.BF16);
                                    try {
                                        c.check(m, cost.cluster().gpusPerNode());
                                    } catch (final IllegalArgumentException invalid) {
                                        continue;
                                    }
                                    if (z != ZeroStage.NONE && c.dp() == 1) {
                                        continue;
                                    }
                                    final LlmEstimate e = cost.evaluate(c);
                                    if (e.fitsMemory() && (best == null
                                            || e.iterationSeconds() < best.iterationSeconds())) {
                                        best = e;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return best;
    }

    private static List<String> mismatches(final LlmCostModel cost, final int[] gpus, final int batch,
            final int referenceMaxInterleave) {
        final LlmSearch search = new LlmSearch(cost, LlmSearch.Space.ALL);
        final LlmSearch.Result r = new LlmSearch.Result();
        final List<String> out = new ArrayList<>();
        for (final int n : gpus) {
            final LlmEstimate reference = bruteForce(cost, n, batch, referenceMaxInterleave);
            final boolean found = search.search(n, batch, r);
            if (reference == null ? found && r.fits() : !found || !r.fits()
                    || Math.abs(r.iterationSeconds() - reference.iterationSeconds())
                            > 1e-12 * reference.iterationSeconds()) {
                out.add(n + " GPUs: search " + (found ? r.iterationSeconds() : "none") + " s, brute force "
                        + (reference == null ? "none" : reference.iterationSeconds() + " s " + reference.config()));
            }
        }
        return out;
    }

    private static LlmCostModel cost(final String model, final String cluster, final String gpu) {
        return new LlmCostModel(TransformerCatalog.builtIn(model), ClusterCatalog.builtIn(cluster),
                GpuCatalog.resolve(gpu), null);
    }

    @Test
    void searchFindsTheFastestFittingConfigurationOfTheBruteForce() {
        assertEquals(List.of(), mismatches(cost("megatron-22b", "dgx-a100", "a100-sxm4-80gb"),
                new int[] {8, 16, 64, 256}, 256, 8));
        assertEquals(List.of(), mismatches(cost("megatron-1.7b", "dgx-h100", "h100-sxm5-80gb"),
                new int[] {1, 8, 32, 96}, 96, 8));
    }

    @Test
    void theCheckerCatchesAPlantedBug() {
        // planted bug: a reference that never interleaves; the checker must report the search's better answers
        assertFalse(mismatches(cost("megatron-22b", "dgx-a100", "a100-sxm4-80gb"), new int[] {64, 256}, 256, 1)
                .isEmpty());
    }

    @Test
    void searchReturnedConfigurationReproducesItsTimeAndIsValid() {
        final LlmCostModel c = cost("gpt3-175b", "dgx-h100", "h100-sxm5-80gb");
        final LlmSearch search = new LlmSearch(c, LlmSearch.Space.ALL);
        final LlmSearch.Result r = new LlmSearch.Result();
        assertTrue(search.search(1024, 1536, r));
        assertTrue(r.fits() && r.candidates() > 1000, "candidates " + r.candidates());
        final ParallelConfig config = r.toConfig(1024, 1536, HalfFormat.BF16);
        config.check(c.model(), 8);
        assertEquals(r.iterationSeconds(), c.evaluate(config).iterationSeconds(), 1e-12 * r.iterationSeconds());
        assertEquals(r.memoryBytes(), c.evaluate(config).memoryBytes(), 1e-6 * r.memoryBytes());
    }

    @Test
    void theSearchAcceptsTensorParallelismAcrossNodes() {
        final LlmCostModel c = cost("gpt3-175b", "dgx-a100", "a100-sxm4-80gb");
        final LlmSearch.Result r = new LlmSearch.Result();
        for (final int t : new int[] {16, 32}) {
            final LlmSearch.Space only = new LlmSearch.Space(new int[] {t}, null, LlmSearch.Space.ALL.microBatches(),
                    8, new boolean[] {true, true, true}, new boolean[] {true, true}, new boolean[] {true, true, true,
                        true});
            assertTrue(new LlmSearch(c, only).search(256, 256, r), "t = " + t);
            final ParallelConfig config = r.toConfig(256, 256, HalfFormat.BF16);
            assertEquals(t, config.tp());
            config.check(c.model(), 8);
            assertEquals(r.iterationSeconds(), c.evaluate(config).iterationSeconds(), 1e-12 * r.iterationSeconds());
        }
        // 12 is no power of two and no multiple of the 8-GPU node: never tried
        final LlmSearch.Space twelve = new LlmSearch.Space(new int[] {12}, null, LlmSearch.Space.ALL.microBatches(), 8,
                new boolean[] {true, true, true}, new boolean[] {true, true}, new boolean[] {true, true, true, true});
        assertFalse(new LlmSearch(c, twelve).search(96, 96, r));
    }

    @Test
    void whenNothingFitsTheLeastMemoryIsReportedAsNotFitting() {
        final LlmCostModel c = cost("megatron-1t", "dgx-a100", "a100-sxm4-40gb");
        final LlmSearch.Result r = new LlmSearch.Result();
        assertTrue(new LlmSearch(c, LlmSearch.Space.ALL).search(8, 8, r));
        assertFalse(r.fits());
        assertTrue(r.memoryBytes() > 40.0 * (1L << 30));
        assertFalse(new LlmSearch(c, LlmSearch.Space.ALL).search(7, 3, r), "no tp x pp x dp of 7 GPUs divides 3");
    }
}

package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;

/**
 * The search at the largest model a profile file may describe (2^16 layers, 2^16 heads): tensor x pipeline sizes
 * whose product passes 2^31 are skipped as too wide, not multiplied in int (2^16 x 2^16 wrapped to 0 and the
 * search divided by it).
 */
class LlmSearchScaleTest {

    private static final int MAX = 1 << 16;

    private static LlmSearch search() {
        final TransformerProfile widest = new TransformerProfile("widest", MAX, 1 << 20, MAX, MAX, 1 << 22, false,
                16, 1 << 24, Map.of());
        final LlmCostModel cost = new LlmCostModel(widest, ClusterCatalog.builtIn("dgx-a100"),
                GpuCatalog.resolve("a100-sxm4-80gb"), null);
        return new LlmSearch(cost, new LlmSearch.Space(new int[] {MAX}, new int[] {1, MAX}, new int[] {1}, 1,
                new boolean[] {true, false, false}, new boolean[] {true, false}, new boolean[] {true, false, false,
                false}));
    }

    @Test
    void tensorTimesPipelineOf2To32IsTooWideNotADivisionByZero() {
        final LlmSearch.Result out = new LlmSearch.Result();
        assertFalse(search().search(8, 8, out));
    }

    @Test
    void theFittingPlacementIsStillFoundBesideTheOverflowingOne() {
        final LlmSearch.Result out = new LlmSearch.Result();
        assertTrue(search().search(MAX, 1, out));
        final ParallelConfig c = out.toConfig(MAX, 1, HalfFormat.BF16);
        assertEquals(MAX, c.tp());
        assertEquals(1, c.pp());
        assertEquals(1, c.dp());
    }
}

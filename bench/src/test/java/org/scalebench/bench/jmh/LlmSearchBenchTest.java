package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.llm.GpuCatalog;
import org.scalebench.training.llm.LlmCostModel;
import org.scalebench.training.llm.LlmSearch;
import org.scalebench.training.llm.TransformerCatalog;

/** Benchmark sanity: the benchmark's search returns the same answer as a fresh search, every time. */
class LlmSearchBenchTest {

    @Test
    void searchReturnsTheBestIterationTimeAndIsRepeatable() {
        final LlmSearchBench bench = new LlmSearchBench();
        bench.model = "gpt3-175b";
        bench.gpus = 1024;
        bench.setUp();
        final double first = bench.kernel();
        assertEquals(first, bench.kernel(), 0.0);
        final LlmSearch.Result r = new LlmSearch.Result();
        new LlmSearch(new LlmCostModel(TransformerCatalog.builtIn("gpt3-175b"), ClusterCatalog.builtIn("dgx-h100"),
                GpuCatalog.resolve("h100-sxm5-80gb"), null), LlmSearch.Space.ALL).search(1024,
                LlmSearchBench.GLOBAL_BATCH, r);
        assertEquals(r.iterationSeconds(), first, 0.0);
        assertTrue(bench.result.fits() && bench.result.candidates() > 1000, "candidates " + bench.result.candidates());
    }
}

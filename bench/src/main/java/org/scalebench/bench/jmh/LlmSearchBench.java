package org.scalebench.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.llm.GpuCatalog;
import org.scalebench.training.llm.LlmCostModel;
import org.scalebench.training.llm.LlmSearch;
import org.scalebench.training.llm.TransformerCatalog;

/**
 * A full 3D-parallel search for one model and one GPU count on dgx-h100 (global batch 2048 sequences): every
 * tensor, pipeline and data-parallel size, microbatch size, interleaving, recomputation, sequence parallelism and
 * ZeRO stage ({@link LlmSearch.Space#ALL}). An absolute-time benchmark (target: under 50 ms per search), with no
 * reference method. The per-layer costs are computed in setup, as {@link LlmSearch}'s constructor does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LlmSearchBench {

    /** Global batch of every search, sequences. */
    static final int GLOBAL_BATCH = 2048;

    @Param({"gpt3-175b", "megatron-1t"})
    String model;

    @Param({"64", "1024", "8192"})
    int gpus;

    LlmSearch search;
    LlmSearch.Result result;

    /** Builds the search (per-layer costs of every tensor-parallel size, microbatch size and sequence parallelism). */
    @Setup
    public void setUp() {
        final Cluster cluster = ClusterCatalog.builtIn("dgx-h100");
        search = new LlmSearch(new LlmCostModel(TransformerCatalog.builtIn(model), cluster,
                GpuCatalog.forCluster(cluster), null), LlmSearch.Space.ALL);
        result = new LlmSearch.Result();
    }

    /**
     * One full search.
     *
     * @return the best configuration's iteration time, seconds
     */
    @Benchmark
    public double kernel() {
        search.search(gpus, GLOBAL_BATCH, result);
        return result.iterationSeconds();
    }
}

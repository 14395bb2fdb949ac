package org.scalebench.bench.report;

import java.util.List;
import org.scalebench.bench.perf.KernelComparison;

/**
 * The JMH pass of a reproduction: how it ran and what it measured, or why it failed. Immutable.
 *
 * @param settings how long each benchmark ran, e.g. {@code 1 fork, 1 x 100 ms warm-up, 2 x 100 ms measurement}
 * @param selection which classes and parameter combinations ran, in words
 * @param comparisons kernel against references, per class and parameter combination
 * @param error why the pass failed, or null
 */
public record BenchmarkPass(String settings, String selection, List<KernelComparison> comparisons, String error) {

    /**
     * Copies the comparisons.
     *
     * @param settings how long each benchmark ran
     * @param selection which classes and combinations ran
     * @param comparisons the comparisons
     * @param error why the pass failed, or null
     */
    public BenchmarkPass {
        comparisons = List.copyOf(comparisons);
    }
}

/**
 * Running the JMH suite from Java and judging its results: which benchmark classes exist
 * ({@link org.scalebench.bench.perf.BenchmarkCatalog}), which invocations to make
 * ({@link org.scalebench.bench.perf.RunRequest}, {@link org.scalebench.bench.perf.GatePlan}), running them
 * ({@link org.scalebench.bench.perf.JmhRunner}), grouping results by the naming contract (method {@code kernel}
 * against every other method: {@link org.scalebench.bench.perf.KernelComparison}) and the performance gate
 * ({@link org.scalebench.bench.perf.PerfFloors}, {@link org.scalebench.bench.perf.PerfGate}).
 * Application side of {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.perf;

/**
 * Benchmarks with planted regressions: the performance gate's own evidence that it fails when a kernel slows
 * down or allocates. Left out of the suite that {@code bench} and {@code reproduce} run unless named. Kernel side
 * of {@code bench}'s seam (described in {@link org.scalebench.bench.jmh}).
 */
package org.scalebench.bench.planted;

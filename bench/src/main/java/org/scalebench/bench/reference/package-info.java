/**
 * Plain, obviously correct implementations of the kernels ({@code BitSet}, {@code HashMap}, {@code %}, direct
 * formulas): the oracles of the differential checks in {@link org.scalebench.bench.check} and the baselines of
 * the benchmarks in {@link org.scalebench.bench.jmh}. Kernel side of {@code bench}'s seam (described in
 * {@link org.scalebench.bench.jmh}).
 */
package org.scalebench.bench.reference;

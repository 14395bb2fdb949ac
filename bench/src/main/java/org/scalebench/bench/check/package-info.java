/**
 * Randomized differential checks of each kernel against its plain references, on fixed seeds, and
 * {@link org.scalebench.bench.check.KernelRegistry}, the one list kernel, references, check, benchmarks. Kernel
 * side of {@code bench}'s seam (described in {@link org.scalebench.bench.jmh}): it uses
 * {@link org.scalebench.bench.reference} and names the benchmarks of {@link org.scalebench.bench.jmh} by simple
 * name; {@code reproduce} runs the checks.
 */
package org.scalebench.bench.check;

/**
 * The JMH benchmarks of every kernel, and the helpers that build their inputs.
 *
 * <p><b>The seam of {@code bench}.</b> The package name says which side a class is on. The <i>kernel side</i>
 * measures and validates the kernels of {@code core}, {@code coherence} and {@code training}: this package,
 * {@link org.scalebench.bench.reference} (plain references), {@link org.scalebench.bench.check} (differential
 * checks and the kernel registry) and {@link org.scalebench.bench.planted} (planted regressions, the gate's
 * evidence). It uses the library modules and the benchmark peers (JMH, fastutil, Agrona, RoaringBitmap), never
 * the application side. The <i>application side</i> is the {@code ./scalebench} program, described in
 * {@link org.scalebench.bench.cli}; it finds these benchmarks in JMH's generated benchmark list
 * ({@code perf.BenchmarkCatalog}), so nothing here is named from there but by simple class name.
 * {@code PackageSeamTest} (in {@code bench}'s tests) fails when a kernel-side source imports, or a kernel-side
 * class names, an application package, and when a new package of {@code bench} is on neither side.
 *
 * <p>Naming contract, which the performance gate and the report rely on: kernel {@code K} of
 * {@code check.KernelRegistry} has a class {@code <K>Bench} here (sometimes also {@code <K>BatchBench},
 * {@code <K>WideBench}); its method {@code kernel} measures scalebench's kernel and every other
 * {@code @Benchmark} method a reference or peer doing identical work on identical {@code @Param} inputs, named
 * after it ({@code modulo}, {@code bitSet}, {@code hashMap}, ...). Benchmarks of whole programs
 * ({@code SimulatorBench}, {@code ProjectorBench}, {@code LlmSearchBench}) have only {@code kernel}. The floors
 * file, {@code scalebench bench REGEX}, the report and the registry name a class by its simple name.
 *
 * <p><b>A new benchmark goes here</b>, in {@code org.scalebench.bench.jmh}, named {@code <Kernel>Bench}, and is
 * registered in {@code check.KernelRegistry} ({@code KernelRegistryTest} fails otherwise); a planted regression
 * for the gate's own tests goes in {@link org.scalebench.bench.planted}.
 */
package org.scalebench.bench.jmh;

/**
 * The {@code scalebench} command line (picocli): {@link org.scalebench.bench.cli.Scalebench} and one class per
 * subcommand, their shared options and output checks.
 *
 * <p><b>The seam of {@code bench}.</b> This package is where the <i>application side</i> is assembled: the
 * program run as {@code ./scalebench}, made of this package, {@link org.scalebench.bench.coherence} and
 * {@link org.scalebench.bench.train} (the experiments and their reports), {@link org.scalebench.bench.perf}
 * (running JMH, the performance gate), {@link org.scalebench.bench.report}, {@link org.scalebench.bench.study},
 * {@link org.scalebench.bench.plot}, {@link org.scalebench.bench.trace} (capture of real programs) and
 * {@link org.scalebench.bench.io}. It may use the <i>kernel side</i>
 * ({@link org.scalebench.bench.jmh}, {@link org.scalebench.bench.reference}, {@link org.scalebench.bench.check},
 * {@link org.scalebench.bench.planted}, described in {@link org.scalebench.bench.jmh}), never the other way
 * round: {@code reproduce} runs the registry's checks, the report lists the registry, and {@code bench},
 * {@code gate} and {@code reproduce} run the benchmarks found in JMH's benchmark list. The reproduction parts
 * are registered here, in {@code ReproduceCommand.PARTS}.
 */
package org.scalebench.bench.cli;

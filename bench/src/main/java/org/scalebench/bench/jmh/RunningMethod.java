package org.scalebench.bench.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The name of the benchmark method a fork runs, for a {@code @Setup} that builds only the structure that method
 * measures (a directory-sized table of one side rather than of every side). JMH names the running benchmark
 * {@code package.Class.method}; the method is the part after the last dot.
 *
 * <p>Stateless; allocates the returned string.
 */
final class RunningMethod {

    private RunningMethod() {
    }

    /**
     * The simple name of the running benchmark method.
     *
     * @param params the running benchmark, as JMH passes it to {@code @Setup}
     * @return e.g. {@code kernel} for {@code org.scalebench.bench.jmh.LineTableBench.kernel}
     */
    static String of(final BenchmarkParams params) {
        final String benchmark = params.getBenchmark();
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}

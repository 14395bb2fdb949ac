package org.scalebench.bench.perf;

import java.io.IOException;
import java.util.Collection;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/** JMH's console output, passed on to another format, with a callback when each benchmark run ends. */
final class ProgressOutputFormat implements OutputFormat {

    private final OutputFormat delegate;
    private final Runnable onBenchmarkEnd;

    /**
     * Wraps a format.
     *
     * @param delegate JMH's own format
     * @param onBenchmarkEnd called after each benchmark run (method x parameter combination, all forks)
     */
    ProgressOutputFormat(final OutputFormat delegate, final Runnable onBenchmarkEnd) {
        this.delegate = delegate;
        this.onBenchmarkEnd = onBenchmarkEnd;
    }

    @Override
    public void iteration(final BenchmarkParams benchParams, final IterationParams params, final int iteration) {
        delegate.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(final BenchmarkParams benchParams, final IterationParams params, final int iteration,
            final IterationResult data) {
        delegate.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(final BenchmarkParams benchParams) {
        delegate.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(final BenchmarkResult result) {
        delegate.endBenchmark(result);
        onBenchmarkEnd.run();
    }

    @Override
    public void startRun() {
        delegate.startRun();
    }

    @Override
    public void endRun(final Collection<RunResult> result) {
        delegate.endRun(result);
    }

    @Override
    public void print(final String s) {
        delegate.print(s);
    }

    @Override
    public void println(final String s) {
        delegate.println(s);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void verbosePrintln(final String s) {
        delegate.verbosePrintln(s);
    }

    @Override
    public void write(final int b) {
        delegate.write(b);
    }

    @Override
    public void write(final byte[] b) throws IOException {
        delegate.write(b);
    }
}

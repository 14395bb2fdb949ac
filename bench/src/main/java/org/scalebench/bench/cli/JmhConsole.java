package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.runner.options.Options;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.JmhRunner;
import org.scalebench.bench.perf.KernelComparison;
import org.scalebench.bench.perf.Measurement;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;

/** How the commands that run JMH show a plan, results and failures on the console. */
final class JmhConsole {

    private JmhConsole() {
    }

    /**
     * One line saying what will run: e.g. {@code 2 classes, 4 benchmark runs (1 fork, ...), about 8 s}.
     *
     * @param requests the invocations
     * @param settings how long each benchmark runs
     * @return the line
     */
    static String plan(final List<RunRequest> requests, final RunSettings settings) {
        final long classes = requests.stream().map(r -> r.benchmark().simpleName()).distinct().count();
        final long runs = requests.stream().mapToLong(RunRequest::runCount).sum();
        final double seconds = settings.estimateSeconds(runs);
        return String.format(Locale.ROOT, "%d class%s, %d benchmark run%s (%s)%s", classes, classes == 1 ? "" : "es",
                runs, runs == 1 ? "" : "s", settings,
                Double.isNaN(seconds) ? "" : ", about " + ConsoleProgress.duration(seconds));
    }

    /**
     * The results table: per class and parameter combination the kernel first, then each reference with its
     * speedup over the kernel.
     *
     * @param comparisons the comparisons
     * @return the table
     */
    static String table(final List<KernelComparison> comparisons) {
        final Table table = new Table("benchmark", "params", "method", "ns/op", "error", "speedup", "B/op")
                .rightAlign(3, 4, 5, 6);
        for (final KernelComparison c : comparisons) {
            boolean first = true;
            if (c.kernel() != null) {
                table.row(c.benchmark(), c.paramsLabel(), c.kernel().method(), nanos(c.kernel()),
                        error(c.kernel()), "-", MeasurementFormat.bytes(c.kernel().bytesPerOp()));
                first = false;
            }
            for (final Measurement r : c.references()) {
                table.row(first ? c.benchmark() : "", first ? c.paramsLabel() : "", r.method(), nanos(r),
                        error(r), c.kernel() == null ? "no kernel" : MeasurementFormat.ratio(c.speedupOver(r)),
                        MeasurementFormat.bytes(r.bytesPerOp()));
                first = false;
            }
        }
        return table.text();
    }

    /**
     * Runs JMH with a live progress line on a terminal; on failure shows JMH's last output lines and the failure
     * on standard error before rethrowing it.
     *
     * @param requests the invocations
     * @param settings how long each benchmark runs
     * @param out standard output (progress)
     * @param err standard error (JMH's output when verbose, lock waits, failures)
     * @param verbose echo JMH's own output
     * @return the results
     * @throws JmhFailure when JMH failed (already shown)
     */
    static JmhResults run(final List<RunRequest> requests, final RunSettings settings, final PrintWriter out,
            final PrintWriter err, final boolean verbose) {
        return run(requests, settings, null, out, err, verbose);
    }

    /**
     * Runs invocations with a progress line on a terminal, leaving a failure to the caller to report (the gate
     * reports it in one line).
     *
     * @param requests the invocations
     * @param settings how long each benchmark runs
     * @param out standard output (progress)
     * @param err standard error (JMH's output when verbose, lock waits)
     * @param verbose echo JMH's own output
     * @return the results
     * @throws JmhFailure when JMH failed (not shown)
     */
    static JmhResults runUnreported(final List<RunRequest> requests, final RunSettings settings,
            final PrintWriter out, final PrintWriter err, final boolean verbose) {
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(out, "benchmark runs")) {
            return new JmhRunner(settings, null, err, verbose).run(requests, progress);
        }
    }

    /**
     * As {@link #run(List, RunSettings, PrintWriter, PrintWriter, boolean)}, with the user's own JMH options.
     *
     * @param requests the invocations
     * @param settings how long each benchmark runs where {@code jmhOptions} does not say
     * @param jmhOptions the user's JMH options, or null
     * @param out standard output (progress)
     * @param err standard error (JMH's output when verbose, lock waits, failures)
     * @param verbose echo JMH's own output
     * @return the results
     * @throws JmhFailure when JMH failed (already shown)
     */
    static JmhResults run(final List<RunRequest> requests, final RunSettings settings, final Options jmhOptions,
            final PrintWriter out, final PrintWriter err, final boolean verbose) {
        try {
            if (jmhOptions == null) {
                return runUnreported(requests, settings, out, err, verbose);
            }
            try (ConsoleProgress progress = ConsoleProgress.onTerminal(out, "benchmark runs")) {
                return new JmhRunner(settings, jmhOptions, err, verbose).run(requests, progress);
            }
        } catch (final JmhFailure failure) {
            failure.outputTail().forEach(line -> err.println("  | " + line));
            err.println("scalebench: " + failure.getMessage());
            err.flush();
            throw failure;
        }
    }

    private static String nanos(final Measurement m) {
        return MeasurementFormat.nanos(m.nsPerOp());
    }

    private static String error(final Measurement m) {
        return Double.isNaN(m.nsPerOpError()) ? "" : "±" + MeasurementFormat.nanos(m.nsPerOpError());
    }
}

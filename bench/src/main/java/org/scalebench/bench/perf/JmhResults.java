package org.scalebench.bench.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.scalebench.bench.io.AtomicFiles;

/**
 * What a set of JMH invocations produced: JMH's own results (for its JSON format) and the measurements read
 * from them. Immutable.
 *
 * @param runs JMH's results, in run order
 * @param measurements one measurement per result
 * @param settings how long the benchmarks ran
 */
public record JmhResults(List<RunResult> runs, List<Measurement> measurements, RunSettings settings) {

    /**
     * Copies the lists.
     *
     * @param runs JMH's results
     * @param measurements the measurements
     * @param settings how long the benchmarks ran
     */
    public JmhResults {
        runs = List.copyOf(runs);
        measurements = List.copyOf(measurements);
    }

    /**
     * The measurements grouped as kernel against references.
     *
     * @return the comparisons
     */
    public List<KernelComparison> comparisons() {
        return KernelComparison.group(measurements);
    }

    /**
     * Writes JMH's JSON result format, atomically.
     *
     * @param file the JSON file
     * @throws IOException when it cannot be written
     */
    public void writeJson(final Path file) throws IOException {
        writeJson(file, List.of(this));
    }

    /**
     * Writes JMH's JSON result format for the runs of several passes together, atomically.
     *
     * @param file the JSON file
     * @param passes the passes, in run order
     * @throws IOException when it cannot be written
     */
    public static void writeJson(final Path file, final List<JmhResults> passes) throws IOException {
        write(file, ResultFormatType.JSON, passes);
    }

    /**
     * Writes one of JMH's result formats for the runs of several passes together, atomically.
     *
     * @param file the file
     * @param format JMH's format
     * @param passes the passes, in run order
     * @throws IOException when it cannot be written
     */
    public static void write(final Path file, final ResultFormatType format, final List<JmhResults> passes)
            throws IOException {
        final List<RunResult> all = passes.stream().flatMap(p -> p.runs().stream()).toList();
        AtomicFiles.write(file, tmp -> {
            try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), false, StandardCharsets.UTF_8)) {
                ResultFormatFactory.getInstance(format, out).writeOut(all);
                if (out.checkError()) {
                    throw new IOException("cannot write " + file);
                }
            }
        });
    }
}

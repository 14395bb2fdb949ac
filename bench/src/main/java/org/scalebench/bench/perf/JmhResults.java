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
        AtomicFiles.write(file, tmp -> {
            try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), false, StandardCharsets.UTF_8)) {
                ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(runs);
                if (out.checkError()) {
                    throw new IOException("cannot write " + file);
                }
            }
        });
    }
}

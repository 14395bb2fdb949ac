package org.scalebench.bench.report;

import java.util.List;
import org.scalebench.bench.check.KernelCheck;

/**
 * Everything {@code report.md} states about one reproduction. Immutable.
 *
 * @param command the command line that ran, e.g. {@code scalebench reproduce --quick}
 * @param quick whether this was the quick run
 * @param seed the seed of the kernel checks and of every part
 * @param operations random operations per kernel check
 * @param facts versions and machine
 * @param elapsedSeconds the whole run's wall time
 * @param checks the kernel checks' outcomes
 * @param benchmarks the JMH pass
 * @param parts the reproduction parts' outcomes
 */
public record ReportContent(String command, boolean quick, long seed, int operations, RunFacts facts,
        double elapsedSeconds, List<KernelCheck.Outcome> checks, BenchmarkPass benchmarks, List<PartOutcome> parts) {

    /**
     * Copies the lists.
     *
     * @param command the command line
     * @param quick whether this was the quick run
     * @param seed the seed
     * @param operations operations per kernel check
     * @param facts versions and machine
     * @param elapsedSeconds wall time
     * @param checks kernel checks
     * @param benchmarks the JMH pass
     * @param parts parts' outcomes
         */
    public ReportContent {
        checks = List.copyOf(checks);
        parts = List.copyOf(parts);
    }
}

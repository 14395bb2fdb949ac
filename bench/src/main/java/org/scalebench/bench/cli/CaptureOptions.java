package org.scalebench.bench.cli;

import org.scalebench.bench.trace.TraceCapture;
import picocli.CommandLine.Option;

/** The capture options of {@code trace capture} and {@code trace splash3}: the cap and the yield interval. */
final class CaptureOptions {

    @Option(names = "--max-accesses", paramLabel = "N", description = "Record at most N accesses per run; the "
            + "program runs to its end (default: ${DEFAULT-VALUE}).")
    long maxAccesses = 100_000_000L;

    @Option(names = "--yield-every", paramLabel = "N", description = "Each thread yields its processor after N "
            + "accesses, so threads that share a host core interleave in runs of about N accesses instead of "
            + "scheduler time slices (default: 0, never; trace splash3: 64).")
    Long yieldEvery;

    /**
     * The settings, checked.
     *
     * @param defaultYield the command's yield interval when none is given
     * @return the settings
     * @throws UsageException naming the option
     */
    TraceCapture.Settings settings(final long defaultYield) {
        final long yield = yieldEvery != null ? yieldEvery : defaultYield;
        if (maxAccesses < 1) {
            throw new UsageException("--max-accesses = " + maxAccesses + ": must be at least 1");
        }
        if (yield < 0) {
            throw new UsageException("--yield-every = " + yield + ": must be 0 (never) or more");
        }
        return new TraceCapture.Settings(maxAccesses, yield);
    }
}

package org.scalebench.bench.cli;

import picocli.CommandLine.Option;

/** {@code --jobs N}: how many independent points of a study run at once. */
public final class JobsOption {

    /** The most jobs accepted. */
    static final int MAX_JOBS = 4096;

    @Option(names = "--jobs", paramLabel = "N", description = "Independent points run at once (default: the "
            + "available processors, ${DEFAULT-VALUE} here; fewer when the heap cannot hold that many). Output is "
            + "identical to --jobs 1.")
    int jobs = Runtime.getRuntime().availableProcessors();

    /**
     * The requested number of concurrent jobs.
     *
     * @return at least 1
     * @throws UsageException naming {@code --jobs} when out of range
     */
    int jobs() {
        if (jobs < 1 || jobs > MAX_JOBS) {
            throw new UsageException("--jobs = " + jobs + ": must be in [1, " + MAX_JOBS + "]");
        }
        return jobs;
    }
}

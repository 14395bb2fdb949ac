package org.scalebench.bench.cli;

import org.scalebench.coherence.sim.FunctionalWarmup;
import org.scalebench.coherence.sim.Warmup;
import picocli.CommandLine.Option;

/** {@code --threads N}: how many host threads one simulation's functional warm-up uses. */
public final class ThreadsOption {

    @Option(names = "--threads", paramLabel = "N", description = "Host threads for each run's functional warm-up "
            + "(1 to " + FunctionalWarmup.MAX_THREADS + "; default: the available processors, shared among the runs "
            + "going at once: 2 for one run here, 1 each when --jobs runs two): with 2 or more, one thread draws the "
            + "accesses while another performs them. The output is identical for every N; more than 2 change nothing "
            + "today, and a timed warm-up and the counted accesses run on one thread.")
    Integer threads;

    /**
     * The requested number of threads.
     *
     * @return 1 to {@link FunctionalWarmup#MAX_THREADS}, or {@link Warmup#AUTO_THREADS} when not given
     * @throws UsageException naming {@code --threads} when out of range
     */
    int threads() {
        if (threads == null) {
            return Warmup.AUTO_THREADS;
        }
        if (threads < 1 || threads > FunctionalWarmup.MAX_THREADS) {
            throw new UsageException("--threads = " + threads + ": must be in [1, " + FunctionalWarmup.MAX_THREADS
                    + "]");
        }
        return threads;
    }
}

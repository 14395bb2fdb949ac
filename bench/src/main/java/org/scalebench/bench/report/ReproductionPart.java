package org.scalebench.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import org.scalebench.core.Progress;

/**
 * A piece of {@code scalebench reproduce} that regenerates one paper's results (for example the CDR storage
 * figure and chip1024 comparison, or the hybrid training projection). The CLI, where the application is
 * assembled, registers the parts ({@code ReproduceCommand.PARTS}).
 *
 * <p>A part writes its CSV and PNG files into the report directory (atomically, through
 * {@link org.scalebench.bench.io.AtomicFiles}), gives the same files for the same seed whatever the number of
 * jobs, and reports progress for anything that takes more than a second or two. {@code reproduce} runs the parts
 * one after another and gives each all its jobs ({@code --jobs}), which a part spends on the points of its studies
 * ({@link org.scalebench.bench.study.ParallelPoints}); each part writes only its own files.
 */
public interface ReproductionPart {

    /**
     * The part's name, used as its report heading and in the {@code part} column of {@code claims.csv}.
     *
     * @return e.g. {@code CDR storage and chip1024}
     */
    String name();

    /**
     * Runs the part.
     *
     * @param dir the report directory, where the part writes its files
     * @param quick true for the quick run (small simulations, within the whole reproduce's 10 minutes)
     * @param seed the seed of every random choice
     * @param jobs how many threads the part may keep busy, at least 1
     * @param progress where to report progress of long steps
     * @return the part's report sections, claims and files
     * @throws IOException when a file cannot be written
     * @throws Exception when a point of one of the part's studies fails
     */
    PartResult run(Path dir, boolean quick, long seed, int jobs, Progress progress) throws Exception;

    /**
     * The part with each simulation's functional warm-up on {@code threads} host threads (parts without one return
     * themselves). The part's files do not depend on it.
     *
     * @param threads at least 1, or {@link org.scalebench.coherence.sim.Warmup#AUTO_THREADS}
     * @return the part
     */
    default ReproductionPart withWarmupThreads(final int threads) {
        return this;
    }
}

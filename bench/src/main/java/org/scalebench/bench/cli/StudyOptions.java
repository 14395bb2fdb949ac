package org.scalebench.bench.cli;

import org.scalebench.bench.study.Shard;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every study command shares: how many points run at once, and which shard of them. */
public final class StudyOptions {

    @Mixin
    JobsOption jobs = new JobsOption();

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only the points whose index modulo N is I "
            + "(points are numbered from 0 in the order of the full run's rows) and write a shard directory to "
            + "--out; 'scalebench merge' combines the N shards into the full run's files.")
    String shard;

    /**
     * The requested number of concurrent points.
     *
     * @return at least 1
     * @throws UsageException naming {@code --jobs} when below 1 or above 4096
     */
    int jobs() {
        return jobs.jobs();
    }

    /**
     * The shard to run.
     *
     * @return the shard, or null for the whole study
     * @throws UsageException naming {@code --shard} when malformed
     */
    Shard shard() {
        if (shard == null) {
            return null;
        }
        try {
            return Shard.parse(shard);
        } catch (final IllegalArgumentException e) {
            throw new UsageException("--shard " + e.getMessage().substring("shard ".length()));
        }
    }
}

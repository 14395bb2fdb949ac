package org.scalebench.bench.cli;

import java.nio.file.Path;
import org.scalebench.bench.study.Study;

/**
 * A command whose work is a {@link Study}: it runs on all cores ({@code --jobs}), in shards ({@code --shard}),
 * merges ({@code scalebench merge}) and runs as a Slurm job array ({@code scalebench slurm}).
 */
interface StudyCommand {

    /**
     * Builds the study from the parsed options, checking every input before any point runs.
     *
     * @return the study
     * @throws Exception on bad input (reported as such)
     */
    Study study() throws Exception;

    /**
     * The output directory ({@code --out}).
     *
     * @return the directory
     */
    Path out();

    /**
     * The shared study options.
     *
     * @return the options
     */
    StudyOptions studyOptions();
}

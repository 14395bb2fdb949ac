package org.scalebench.bench.cli;

import java.util.Arrays;

/** Validation shared by the {@code train} subcommands. */
final class TrainOptions {

    private TrainOptions() {
    }

    /**
     * Checks device or rank counts and returns them sorted, without repeats.
     *
     * @param option the option name for messages
     * @param values the counts
     * @return ascending distinct counts
     * @throws UsageException naming the option, the first bad value and what is allowed
     */
    static int[] devices(final String option, final int[] values) {
        if (values.length == 0) {
            throw new UsageException(option + ": give at least one count");
        }
        for (final int v : values) {
            if (v < 1) {
                throw new UsageException(option + " = " + v + ": must be at least 1");
            }
        }
        return Arrays.stream(values).sorted().distinct().toArray();
    }
}

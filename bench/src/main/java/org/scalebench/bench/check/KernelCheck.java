package org.scalebench.bench.check;

/**
 * A randomized differential check of one kernel against its plain reference implementation. Used by
 * {@code scalebench reproduce} (step 1) and, with more operations, by the unit tests.
 */
public interface KernelCheck {

    /**
     * The kernel's name as it appears in reports (e.g. {@code RangeReduction}).
     *
     * @return the name
     */
    String name();

    /**
     * Runs {@code operations} random operations on the kernel and on its reference from {@code seed},
     * comparing every result.
     *
     * @param seed the random seed (printed with any mismatch)
     * @param operations how many operations to check
     * @return how many operations were checked and how many disagreed
     */
    Outcome run(long seed, int operations);

    /**
     * Result of a check.
     *
     * @param kernel the kernel name
     * @param seed the seed used
     * @param checked operations compared
     * @param mismatches operations where kernel and reference disagreed
     * @param firstMismatch description of the first disagreement, or empty
     */
    record Outcome(String kernel, long seed, long checked, long mismatches, String firstMismatch) {

        /**
         * Whether kernel and reference agreed everywhere.
         *
         * @return true when there is no mismatch
         */
        public boolean passed() {
            return mismatches == 0;
        }

        /**
         * One summary line, as printed by {@code reproduce}.
         *
         * @return the line
         */
        public String summary() {
            return String.format(java.util.Locale.ROOT, "%-22s %,12d operations checked, %d mismatches (seed %d)%s",
                    kernel, checked, mismatches, seed, firstMismatch.isEmpty() ? "" : ": first " + firstMismatch);
        }
    }

    /** Counts mismatches and keeps the first one's description. */
    final class Tally {
        private final String kernel;
        private final long seed;
        private long checked;
        private long mismatches;
        private String first = "";

        /**
         * Starts a tally.
         *
         * @param kernel the kernel name
         * @param seed the seed
         */
        public Tally(final String kernel, final long seed) {
            this.kernel = kernel;
            this.seed = seed;
        }

        /**
         * Records a disagreement found by a whole-state comparison, which adds no operation to the count.
         *
         * @param what the disagreement, built only when it is the first
         */
        public void mismatch(final java.util.function.Supplier<String> what) {
            if (mismatches == 0) {
                first = what.get();
            }
            mismatches++;
        }

        /**
         * Records one comparison of two longs.
         *
         * @param expected the reference's answer
         * @param actual the kernel's answer
         * @param what a description of the operation, built only on mismatch
         */
        public void compare(final long expected, final long actual, final java.util.function.Supplier<String> what) {
            checked++;
            if (expected != actual) {
                if (mismatches == 0) {
                    first = what.get() + ": expected " + expected + ", got " + actual;
                }
                mismatches++;
            }
        }

        /**
         * Records one comparison of two doubles, equal within a relative tolerance.
         *
         * @param expected the reference's answer
         * @param actual the kernel's answer
         * @param relTol allowed relative difference
         * @param what a description of the operation, built only on mismatch
         */
        public void compare(final double expected, final double actual, final double relTol,
                final java.util.function.Supplier<String> what) {
            checked++;
            final double scale = Math.max(Math.abs(expected), Math.abs(actual));
            if (!(Math.abs(expected - actual) <= relTol * scale) && !(expected == actual)) {
                if (mismatches == 0) {
                    first = what.get() + ": expected " + expected + ", got " + actual;
                }
                mismatches++;
            }
        }

        /**
         * The outcome so far.
         *
         * @return the outcome
         */
        public Outcome outcome() {
            return new Outcome(kernel, seed, checked, mismatches, first);
        }
    }
}

package org.scalebench.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks output locations before a long run, so a bad path fails at once rather than after the benchmarks. */
final class OutputPaths {

    private OutputPaths() {
    }

    /**
     * Checks that {@code file} can be a file: not a directory, and no ancestor is a regular file.
     *
     * @param file the output file
     * @param option the option naming it, for the message
     * @throws UsageException when it cannot
     */
    static void checkFile(final Path file, final String option) {
        if (Files.isDirectory(file)) {
            throw new UsageException(option + " " + file + ": is a directory, expected a file");
        }
        checkAncestors(file.toAbsolutePath().getParent(), file, option);
    }

    /**
     * Checks that {@code dir} can be a directory: not a regular file, and no ancestor is one.
     *
     * @param dir the output directory
     * @param option the option naming it, for the message
     * @throws UsageException when it cannot
     */
    static void checkDirectory(final Path dir, final String option) {
        checkAncestors(dir.toAbsolutePath(), dir, option);
    }

    private static void checkAncestors(final Path start, final Path given, final String option) {
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new UsageException(option + " " + given + ": " + p + " is a file, not a directory");
            }
        }
    }
}

package org.scalebench.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The git commit the running scalebench was built from, for results' provenance: {@code git rev-parse HEAD} in the
 * checkout that holds the running jar (or class directory), with {@code -dirty} appended when tracked files
 * differ from that commit; {@code unknown} outside a git checkout or without git. Computed once per JVM.
 */
public final class SourceRevision {

    /** Written when the commit cannot be known. */
    public static final String UNKNOWN = "unknown";

    private static volatile String current;

    private SourceRevision() {
    }

    /**
     * The commit of the checkout this code runs from.
     *
     * @return e.g. {@code d2d687c0...} or {@code d2d687c0...-dirty}, or {@value #UNKNOWN}
     */
    public static String current() {
        String c = current;
        if (c == null) {
            c = of(codeLocation());
            current = c;
        }
        return c;
    }

    /**
     * The commit of the git checkout that holds a directory.
     *
     * @param dir a directory inside the checkout (null: unknown)
     * @return the commit, {@code -dirty} when tracked files changed, or {@value #UNKNOWN}
     */
    static String of(final Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return UNKNOWN;
        }
        final String head = git(dir, "rev-parse", "--verify", "HEAD");
        if (head == null || !head.matches("[0-9a-f]{40}")) {
            return UNKNOWN;
        }
        final String changes = git(dir, "status", "--porcelain", "--untracked-files=no");
        return changes == null || changes.isEmpty() ? head : head + "-dirty";
    }

    private static Path codeLocation() {
        try {
            final Path location = Path.of(SourceRevision.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI());
            return Files.isDirectory(location) ? location : location.getParent();
        } catch (final URISyntaxException | SecurityException | NullPointerException
                | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    private static String git(final Path dir, final String... args) {
        final List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            final Process process = new ProcessBuilder(command).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            final String out;
            try (InputStream in = process.getInputStream()) {
                out = new String(in.readNBytes(1 << 16), StandardCharsets.UTF_8).strip();
            }
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? out : null;
        } catch (final IOException e) {
            return null;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

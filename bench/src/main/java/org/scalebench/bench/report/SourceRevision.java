package org.scalebench.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

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

    /**
     * A source file of the checkout newer than the jar this code runs from: the sign of a stale build (the
     * launcher rebuilds in that case; a jar run directly does not). Looks in the {@code pom.xml} files and under
     * {@code src/main} of every module, as the launcher does; nothing when the code does not run from a jar
     * inside a checkout ({@code ROOT/bench/target/*.jar}).
     *
     * @return the first newer file found, if any
     */
    public static Optional<Path> sourceNewerThanJar() {
        final Path jar = jarLocation();
        if (jar == null || jar.getParent() == null || jar.getParent().getParent() == null) {
            return Optional.empty();
        }
        final Path root = jar.getParent().getParent().getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml"))) {
            return Optional.empty();
        }
        try {
            final FileTime built = Files.getLastModifiedTime(jar);
            final List<Path> places = new ArrayList<>(List.of(root.resolve("pom.xml")));
            for (final String module : List.of("core", "coherence", "training", "bench")) {
                places.add(root.resolve(module).resolve("pom.xml"));
                places.add(root.resolve(module).resolve("src").resolve("main"));
            }
            for (final Path place : places) {
                if (!Files.exists(place)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(place)) {
                    final Optional<Path> newer = files.filter(Files::isRegularFile).filter(f -> {
                        try {
                            return Files.getLastModifiedTime(f).compareTo(built) > 0;
                        } catch (final IOException e) {
                            return false;
                        }
                    }).findFirst();
                    if (newer.isPresent()) {
                        return Optional.of(root.relativize(newer.get()));
                    }
                }
            }
        } catch (final IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Path jarLocation() {
        try {
            final Path location = Path.of(SourceRevision.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI());
            return Files.isRegularFile(location) ? location : null;
        } catch (final URISyntaxException | SecurityException | NullPointerException
                | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
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
        final List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
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

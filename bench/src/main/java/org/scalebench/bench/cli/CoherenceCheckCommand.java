package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.storage.StorageModel;
import org.scalebench.coherence.verify.ExhaustiveChecker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench coherence check}: exhaustive exploration of a small machine's reachable states. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Explores every reachable state of a small machine (breadth-first, every core x load/store x "
                + "line x sharer-domain id), checking single writer / many readers, that loads see the latest store, "
                + "that the directory covers every copy, the latency of every path and the map caches; prints the "
                + "shortest trace to a violation.")
public final class CoherenceCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "F", description = "Directory format: " + FormatSpec.ALLOWED)
    String format;

    @Option(names = "--homes", paramLabel = "H", description = "Home mapping: " + HomeMapping.ALLOWED
            + " (default: ${DEFAULT-VALUE}).")
    String homes = "piton-low";

    @Option(names = "--cores", paramLabel = "N", description = "Cores, one home slice each, in [2, 16]; all homes form "
            + "one home domain (default: ${DEFAULT-VALUE}; coarse groups exceed one core from 4 cores on).")
    int cores = 3;

    @Option(names = "--lines", paramLabel = "L", description = "Lines, in [1, 4] (default: ${DEFAULT-VALUE}).")
    int lines = 2;

    @Option(names = "--domains", paramLabel = "D", description = "Sharer domains: cores separated by ',', domains by "
            + "'/' (default: all cores but the last / the last two, e.g. 0,1/1,2).")
    String domains;

    @Option(names = "--private-ways", paramLabel = "W", description = "Lines per private cache (one set): 1 (lines "
            + "compete: PutS/PutE/PutM) or a power of two >= --lines (default: ${DEFAULT-VALUE}).")
    int privateWays = 1;

    @Option(names = "--directory-ways", paramLabel = "W", description = "Entries per directory set of a home (the "
            + "first two lines share a set): 1 (they evict each other's entry) or a power of two >= --lines "
            + "(default: the smallest such power of two).")
    Integer directoryWays;

    @Option(names = "--map-cache-entries", paramLabel = "E", description = "Entries per Sharer and Home Map Cache, in "
            + "[1, 64] (default: ${DEFAULT-VALUE}).")
    int mapCacheEntries = 1;

    @Option(names = "--max-states", paramLabel = "S", description = "Stop after this many states (default: "
            + "${DEFAULT-VALUE}); refused when they cannot fit in 60%% of the heap, and the search also stops when the "
            + "states it holds reach that. A search still running after 5 s says when it will reach the limit at "
            + "its rate so far.")
    long maxStates = 2_000_000;

    @Override
    public Integer call() throws Exception {
        if (cores < 2 || cores > 16) {
            throw new UsageException("--cores = " + cores + ": must be in [2, 16]");
        }
        if (lines < 1 || lines > 4) {
            throw new UsageException("--lines = " + lines + ": must be in [1, 4]");
        }
        final int ways = directoryWays == null ? ExhaustiveChecker.Shape.of(cores, lines).directoryWays() : directoryWays;
        checkWays("--private-ways", privateWays);
        checkWays("--directory-ways", ways);
        if (mapCacheEntries < 1 || mapCacheEntries > 64) {
            throw new UsageException("--map-cache-entries = " + mapCacheEntries + ": must be in [1, 64]");
        }
        if (maxStates < 1) {
            throw new UsageException("--max-states = " + maxStates + ": must be at least 1");
        }
        final FormatSpec f = OptionValues.named("--format", format, () -> FormatSpec.parse(format));
        OptionValues.named("--homes", homes, () -> HomeMapping.parse(homes, cores));
        final String domainText = domains == null ? ExhaustiveChecker.defaultDomains(cores) : domains;
        final int[][] d = domains(domainText);
        if (f.kind() == FormatSpec.Kind.CDR_SR && Arrays.stream(d).anyMatch(m -> m.length > 63)) {
            throw new UsageException("--domains " + TextLimits.quoted(domainText) + ": a cdr-sr domain holds at most 63 "
                    + "cores");
        }
        final ExhaustiveChecker checker = new ExhaustiveChecker(SystemSpec.named("chip1024"), f, homes,
                new ExhaustiveChecker.Shape(cores, lines, privateWays, ways, mapCacheEntries), d);
        final PrintWriter out = spec.commandLine().getOut();
        out.println("machine: " + cores + " cores in a row (chip1024 timing), " + cores + " home slices in one home domain, "
                + privateWays + "-way private caches, " + ways + "-way directory sets, " + mapCacheEntries
                + "-entry map caches");
        out.println("format " + f.id() + (f.kind() == FormatSpec.Kind.COARSE_VECTOR
                ? " (groups of " + StorageModel.coarseGroupSize(f.pointers(), Math.max(2, cores)) + " cores)" : "")
                + ", homes " + homes + ", sharer domains " + domainText + ", lines "
                + Arrays.stream(checker.addresses()).mapToObj(a -> "0x" + Long.toHexString(a))
                        .reduce((a, b) -> a + " " + b).orElse(""));
        final long budget = heapBudgetBytes();
        final long perState = checker.minimumBytesPerState();
        if (maxStates > budget / perState) {
            throw new UsageException("--max-states = " + maxStates + ": the states would take at least "
                    + mebibytes(maxStates * (double) perState) + " MiB (" + perState + " bytes each), more than the "
                    + mebibytes(budget) + " MiB this heap gives them; lower --max-states to at most "
                    + budget / perState + " or give the JVM more heap (SCALEBENCH_JAVA_OPTS=-Xmx...)");
        }
        out.println("search: up to " + maxStates + " states (--max-states), " + checker.transitionsPerState()
                + " transitions from each, within " + mebibytes(budget) + " MiB of heap");
        out.flush();
        final PrintWriter err = spec.commandLine().getErr();
        final long start = System.nanoTime();
        final ExhaustiveChecker.Result result;
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(err, "states found")) {
            final long[] warned = {0};
            result = checker.explore(maxStates, budget, (expanded, found, depth) -> {
                progress.update(found, 0);
                final double elapsed = (System.nanoTime() - start) / 1e9;
                if (warned[0] == 0 && elapsed >= ANNOUNCE_SECONDS && found < maxStates) {
                    warned[0] = 1;
                    final double rate = found / elapsed;
                    err.println("coherence check: " + found + " states found in " + ConsoleProgress.duration(elapsed)
                            + " (depth " + depth + "), " + Math.round(rate) + " states/s: if the state space reaches "
                            + "--max-states = " + maxStates + ", the search takes about "
                            + ConsoleProgress.duration(maxStates / rate) + " (lower it to stop sooner)");
                    err.flush();
                }
            });
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        if (result.violations() > 0) {
            out.println("first violation (shortest trace):");
            result.trace().forEach(line -> out.println("  " + line));
        }
        out.println(result.summary() + String.format(java.util.Locale.ROOT, " (depth %d, %.2f s)", result.depth(), seconds));
        return result.violations() == 0 && result.complete() ? Scalebench.OK : Scalebench.FAILED;
    }

    /**
     * Parses {@code --domains}: every domain a non-empty list of cores, no domain given twice.
     *
     * @param text the value
     * @return the domains
     * @throws UsageException naming {@code --domains}, the value and the form
     */
    private int[][] domains(final String text) {
        final String[] parts = text.strip().split("/", -1);
        final java.util.Set<java.util.Set<Integer>> seen = new java.util.HashSet<>();
        for (final String part : parts) {
            if (part.isBlank()) {
                throw new UsageException("--domains " + TextLimits.quoted(text) + ": an empty domain (form: cores "
                        + "separated by ',', domains by '/', e.g. 0,1/1,2)");
            }
        }
        final int[][] d = OptionValues.named("--domains", text, () -> ExhaustiveChecker.parseDomains(text, cores));
        for (int i = 0; i < d.length; i++) {
            if (!seen.add(java.util.Arrays.stream(d[i]).boxed().collect(java.util.stream.Collectors.toSet()))) {
                throw new UsageException("--domains " + TextLimits.quoted(text) + ": domain " + TextLimits.quoted(
                        parts[i].strip()) + " is given twice");
            }
        }
        return d;
    }

    /** Seconds after which a search still growing is announced with the time it takes to reach its state limit. */
    static final double ANNOUNCE_SECONDS = 5;

    /** The heap the states of a search may take: 60% of the JVM's maximum, the rest for the machines it replays. */
    private static long heapBudgetBytes() {
        return Runtime.getRuntime().maxMemory() / 10 * 6;
    }

    private static long mebibytes(final double bytes) {
        return Math.round(bytes / (1 << 20));
    }

    private void checkWays(final String option, final int value) {
        if (value != 1 && (value < lines || value > 64 || Integer.bitCount(value) != 1)) {
            throw new UsageException(option + " = " + value + ": must be 1 or a power of two in [--lines = " + lines
                    + ", 64]");
        }
    }
}

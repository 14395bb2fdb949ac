package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.plot.Charts;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * The comparison experiment ({@code coherence compare}, run by {@link CompareStudy}): which configurations a
 * machine compares (every baseline format with global and with restricted homes, the hierarchical directory on a
 * machine that is not a mesh, then Sharer Restriction alone and with Home Restriction), and how its results are
 * named, drawn and tabulated, with where a baseline beats a CDR configuration. Stateless.
 */
public final class Comparison {

    /** Baseline formats a comparison runs with global and restricted homes (the CLI's {@code --formats}). */
    public static final List<String> BASELINE_FORMATS = List.of("full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4");

    private Comparison() {
    }

    /**
     * One configuration of a comparison.
     *
     * @param scheme the scheme
     * @param format the directory format (cdr-sr for sr and sr+hr)
     */
    public record RunSpec(Scheme scheme, String format) {
        /** @return e.g. {@code hr/dir-b-4} */
        public String label() {
            return scheme.id() + "/" + format;
        }
    }

    /**
     * A rough upper bound of the heap one simulation of a machine needs: 6 GiB for a million-core warehouse machine
     * (peaks of 4.0-4.7 GiB measured with 128 VMs active, 4.95 GiB for sr+hr and 5.62 GiB for global/dir-b-6 with
     * every core active), 512 MiB for a 1,024-core chip. Used to run no more simulations at once than the heap holds.
     *
     * @param system the machine
     * @return bytes
     */
    public static long heapBytesPerRun(final SystemSpec system) {
        return system.cores() > 100_000 ? 6L << 30 : 512L << 20;
    }

    /**
     * The baseline formats a machine compares by default: {@link #BASELINE_FORMATS}, with full-map replaced by
     * the machine's own baseline where a full map does not fit (more than 65,536 cores).
     *
     * @param system the machine
     * @return format ids
     */
    public static List<String> defaultFormats(final SystemSpec system) {
        if (system.cores() <= (1 << 16)) {
            return BASELINE_FORMATS;
        }
        final List<String> formats = new ArrayList<>();
        formats.add(system.baselineFormat().id());
        BASELINE_FORMATS.stream().filter(f -> !f.equals("full-map") && !f.equals(system.baselineFormat().id()))
                .forEach(formats::add);
        return formats;
    }

    /**
     * The runs of a machine's comparison: {@link #comparisonRuns(List)}, and on a machine that is not a mesh the
     * hierarchical directory ({@code hier}) too.
     *
     * @param system the machine
     * @param formats baseline format ids (no cdr-sr)
     * @return the runs
     */
    public static List<RunSpec> comparisonRuns(final SystemSpec system, final List<String> formats) {
        final List<RunSpec> runs = new ArrayList<>(comparisonRuns(formats));
        if (!system.isMesh()) {
            runs.add(runs.size() - 2, new RunSpec(Scheme.HIER, "hier"));
        }
        return runs;
    }

    /**
     * Every baseline format with global homes, then with Home Restriction, then Sharer Restriction alone and
     * with Home Restriction.
     *
     * @param formats baseline format ids (no cdr-sr)
     * @return the runs
     */
    public static List<RunSpec> comparisonRuns(final List<String> formats) {
        final List<RunSpec> runs = new ArrayList<>();
        for (final Scheme scheme : List.of(Scheme.GLOBAL, Scheme.HR)) {
            for (final String f : formats) {
                final FormatSpec spec = FormatSpec.parse(f);
                if (spec.kind() == FormatSpec.Kind.CDR_SR || spec.kind() == FormatSpec.Kind.HIER) {
                    throw new IllegalArgumentException("--formats " + f + ": cdr-sr is run as sr and sr+hr, hier as "
                            + "the hier scheme; list the baselines (" + String.join(", ", BASELINE_FORMATS) + ")");
                }
                runs.add(new RunSpec(scheme, spec.id()));
            }
        }
        runs.add(new RunSpec(Scheme.SR, "cdr-sr"));
        runs.add(new RunSpec(Scheme.SR_HR, "cdr-sr"));
        return runs;
    }

    /**
     * Writes simulation results as CSV ({@link SimulationResult#COLUMNS}).
     *
     * @param file the CSV file
     * @param results the rows
     * @throws IOException on failure
     */
    public static void writeResults(final Path file, final List<SimulationResult> results) throws IOException {
        final List<List<String>> rows = new ArrayList<>();
        for (final SimulationResult r : results) {
            rows.add(cells(r));
        }
        CsvFiles.write(file, List.of(SimulationResult.COLUMNS), rows);
    }

    /**
     * A result's CSV row ({@link SimulationResult#COLUMNS}) as text, in a list the caller may extend with more
     * columns.
     *
     * @param r a result
     * @return a new list, one cell per column
     */
    public static List<String> cells(final SimulationResult r) {
        final List<String> cells = new ArrayList<>();
        for (final Object cell : r.row()) {
            cells.add(String.valueOf(cell));
        }
        return cells;
    }

    /**
     * The short label of a result in figures and tables.
     *
     * @param r a result
     * @return e.g. {@code global/full-map}, {@code sr+hr} or {@code hier}
     */
    public static String label(final SimulationResult r) {
        return r.format().equals("cdr-sr") || r.format().equals("hier") ? r.scheme() : r.scheme() + "/" + r.format();
    }

    /**
     * Draws the comparison: access latency, energy and directory storage per configuration.
     *
     * @param file the PNG file
     * @param results one result per configuration
     * @throws IOException on failure
     */
    public static void plotCompare(final Path file, final List<SimulationResult> results) throws IOException {
        final List<String> names = results.stream().map(Comparison::label).toList();
        final String where = results.get(0).system() + ", workload " + results.get(0).workload();
        final JFreeChart latency = Charts.bars("Average access latency", where, "cycles", names,
                results.stream().mapToDouble(SimulationResult::avgAccessLatencyCycles).toArray());
        final JFreeChart energy = Charts.bars("Energy", "network + directory + leakage + DRAM", "uJ", names,
                results.stream().mapToDouble(r -> r.energyNanojoules() / 1000).toArray());
        final JFreeChart storage = Charts.bars("Directory storage", "entries with tags, map caches", "MiB", names,
                results.stream().mapToDouble(r -> Numbers.mib(r.directoryBitsWithTags())).toArray());
        Charts.savePng(file, 620, 460, latency, energy, storage);
    }

    /**
     * A Markdown table of results.
     *
     * @param results the results
     * @return the table
     */
    public static String resultsTable(final List<SimulationResult> results) {
        final Table table = new Table("configuration", "miss rate", "miss latency", "access latency", "p99 miss",
                "queue / miss", "broadcasts", "flit-hops / access", "home hit rate", "DRAM", "directory MiB",
                "energy uJ (net + dir + leak + DRAM)").rightAlign(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        for (final SimulationResult r : results) {
            table.row(label(r), String.format(Locale.ROOT, "%.4f", r.missRate()),
                    Numbers.cycles(r.avgMissLatencyCycles()), Numbers.cycles(r.avgAccessLatencyCycles()),
                    Numbers.cycles(r.p99MissLatencyCycles()), Numbers.cycles(r.avgQueueCycles()),
                    Numbers.count(r.broadcasts()), String.format(Locale.ROOT, "%.1f",
                            (double) r.flitHops() / r.accesses()),
                    String.format(Locale.ROOT, "%.4f", r.homeHitRate()), Numbers.count(r.dramAccesses()),
                    String.format(Locale.ROOT, "%.1f", Numbers.mib(r.directoryBitsWithTags())),
                    Numbers.microjoules(r.energyNanojoules()) + " (" + Numbers.microjoules(r.energy().networkNj())
                            + " + " + Numbers.microjoules(r.energy().directoryNj()) + " + "
                            + Numbers.microjoules(r.energy().leakageNj()) + " + "
                            + Numbers.microjoules(r.energy().dramNj()) + ")");
        }
        return table.markdown();
    }

    /**
     * Where baselines beat one CDR configuration.
     *
     * @param scheme the CDR configuration's scheme (sr or sr+hr)
     * @param latency labels of the baselines with a lower access latency
     * @param energy labels of the baselines with lower energy
     * @param storage labels of the baselines with less directory storage
     */
    public record Verdict(String scheme, List<String> latency, List<String> energy, List<String> storage) {
    }

    /**
     * Where baselines beat each CDR configuration: for sr and sr+hr, every baseline run that has a lower access
     * latency, lower energy or less directory storage.
     *
     * @param results a comparison's results
     * @return one verdict per CDR configuration, in result order
     */
    public static List<Verdict> verdicts(final List<SimulationResult> results) {
        final List<Verdict> verdicts = new ArrayList<>();
        for (final SimulationResult cdr : results) {
            if (!cdr.format().equals("cdr-sr")) {
                continue;
            }
            final List<String> latency = new ArrayList<>();
            final List<String> energy = new ArrayList<>();
            final List<String> storage = new ArrayList<>();
            for (final SimulationResult b : results) {
                if (b.format().equals("cdr-sr")) {
                    continue;
                }
                if (b.avgAccessLatencyCycles() < cdr.avgAccessLatencyCycles()) {
                    latency.add(label(b));
                }
                if (b.energyNanojoules() < cdr.energyNanojoules()) {
                    energy.add(label(b));
                }
                if (b.directoryBitsWithTags() < cdr.directoryBitsWithTags()) {
                    storage.add(label(b));
                }
            }
            verdicts.add(new Verdict(cdr.scheme(), latency, energy, storage));
        }
        return verdicts;
    }

    /**
     * Where a baseline beats a CDR configuration, in plain sentences ({@link #verdicts}).
     *
     * @param results a comparison's results
     * @return one line per CDR configuration
     */
    public static List<String> baselineVerdicts(final List<SimulationResult> results) {
        final List<String> lines = new ArrayList<>();
        for (final Verdict v : verdicts(results)) {
            lines.add(v.scheme() + " is beaten on access latency by " + list(v.latency()) + "; on energy by "
                    + list(v.energy()) + "; on storage by " + list(v.storage()) + ".");
        }
        return lines;
    }

    private static String list(final List<String> names) {
        return names.isEmpty() ? "no baseline" : String.join(", ", names);
    }

    /**
     * The best baseline by access latency among results.
     *
     * @param results a comparison's results
     * @return the baseline run with the lowest access latency
     */
    public static SimulationResult bestBaseline(final List<SimulationResult> results) {
        return results.stream().filter(r -> !r.format().equals("cdr-sr"))
                .min((a, b) -> Double.compare(a.avgAccessLatencyCycles(), b.avgAccessLatencyCycles())).orElseThrow();
    }

    /**
     * A result by scheme and format.
     *
     * @param results results
     * @param scheme scheme id
     * @param format format id
     * @return the matching result
     */
    public static SimulationResult find(final List<SimulationResult> results, final String scheme,
            final String format) {
        return results.stream().filter(r -> r.scheme().equals(scheme) && r.format().equals(format)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no result " + scheme + "/" + format));
    }
}

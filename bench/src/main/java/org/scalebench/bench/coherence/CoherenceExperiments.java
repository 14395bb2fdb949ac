package org.scalebench.bench.coherence;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Progress;
import org.scalebench.bench.plot.Charts;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.coherence.sim.TraceWorkload;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The CDR experiments behind {@code scalebench coherence ...} and {@code scalebench reproduce}: the storage
 * table and figures, one simulation, the comparison of CDR against every baseline format, the Home
 * Restriction domain-size sweep, with their CSV files, PNG figures and Markdown tables.
 */
public final class CoherenceExperiments {

    /** Formats of the storage figure. */
    public static final List<String> STORAGE_FORMATS = List.of("full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4",
            "cdr-sr");
    /** Core counts of the storage figure. */
    public static final List<Integer> STORAGE_CORES = List.of(16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576);
    /** Sharer-domain counts of the storage figure's second panel. */
    public static final List<Integer> STORAGE_DOMAINS = List.of(16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576);
    /** Baseline formats a comparison runs with global and restricted homes (the CLI's {@code --formats}). */
    public static final List<String> BASELINE_FORMATS = List.of("full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4");
    /** Columns of the storage CSV. */
    public static final List<String> STORAGE_COLUMNS = List.of("format", "cores", "sharer_domains", "bits_per_entry",
            "tag_bits", "entry_bits_with_tag", "directory_bits_total", "directory_bits_total_with_tags",
            "overhead_vs_line", "directory_bits_per_slice", "sharer_map_cache_bits_per_tile",
            "home_map_cache_bits_per_tile");

    private CoherenceExperiments() {
    }

    // ------------------------------------------------------------------------------------------------ storage

    /**
     * One row of the storage table.
     *
     * @param format the format id
     * @param cores the core count
     * @param sharerDomains D
     * @param bitsPerEntry sharer and state bits per entry
     * @param tagBits address-tag bits per entry
     * @param totalBits directory sharer and state bits of the whole machine
     * @param totalBitsWithTags with tags and Sharer Map Caches
     * @param overheadVsLine bits per entry / 512
     * @param bitsPerSlice directory bits per home slice (no tags)
     * @param sharerMapBitsPerTile Sharer Map Cache bits per tile (cdr-sr)
     * @param homeMapBitsPerTile Home Map Cache bits per tile (with Home Restriction)
     */
    public record StorageRow(String format, int cores, int sharerDomains, long bitsPerEntry, int tagBits,
            BigInteger totalBits, BigInteger totalBitsWithTags, double overheadVsLine, long bitsPerSlice, long sharerMapBitsPerTile,
            long homeMapBitsPerTile) {
        /** @return bits per entry with the tag */
        public long entryBitsWithTag() {
            return bitsPerEntry + tagBits;
        }

        /** @return the CSV cells */
        public List<String> cells() {
            return List.of(format, Integer.toString(cores), Integer.toString(sharerDomains),
                    Long.toString(bitsPerEntry), Integer.toString(tagBits), Long.toString(entryBitsWithTag()),
                    totalBits.toString(), totalBitsWithTags.toString(),
                    String.format(Locale.ROOT, "%.6g", overheadVsLine), Long.toString(bitsPerSlice),
                    Long.toString(sharerMapBitsPerTile), Long.toString(homeMapBitsPerTile));
        }
    }

    /**
     * The storage table.
     *
     * @param model the storage model
     * @param formats format ids
     * @param cores core counts
     * @return one row per format and core count
     */
    public static List<StorageRow> storage(final StorageModel model, final List<String> formats, final List<Integer> cores) {
        final List<StorageRow> rows = new ArrayList<>();
        for (final String id : formats) {
            final FormatSpec f = FormatSpec.parse(id);
            for (final int n : cores) {
                rows.add(new StorageRow(f.id(), n, model.sharerDomains(), model.bitsPerEntry(f, n), model.tagBits(),
                        model.totalBits(f, n), model.totalBitsWithTags(f, n), model.overheadVsLine(f, n),
                        model.bitsPerSlice(f, n), model.sharerMapCacheBits(f, n), model.homeMapCacheBits(n)));
            }
        }
        return rows;
    }

    /**
     * cdr-sr's storage as the number of sharer domains grows, at a fixed core count.
     *
     * @param model the storage model
     * @param cores N
     * @param domains the D values
     * @return one cdr-sr row per D
     */
    public static List<StorageRow> storageByDomains(final StorageModel model, final int cores, final List<Integer> domains) {
        final List<StorageRow> rows = new ArrayList<>();
        for (final int d : domains) {
            rows.addAll(storage(model.withSharerDomains(d), List.of("cdr-sr"), List.of(cores)));
        }
        return rows;
    }

    /**
     * Writes the storage CSV.
     *
     * @param file the CSV file
     * @param rows the rows
     * @throws IOException on failure
     */
    public static void writeStorage(final Path file, final List<StorageRow> rows) throws IOException {
        final List<List<String>> cells = new ArrayList<>();
        rows.forEach(r -> cells.add(r.cells()));
        CsvFiles.write(file, STORAGE_COLUMNS, cells);
    }

    /**
     * Draws bits per entry (with the tag) against cores, log-log, one line per format, and cdr-sr against
     * the number of sharer domains beside it.
     *
     * @param file the PNG file
     * @param rows the storage rows (by cores)
     * @param byDomains cdr-sr rows by sharer domains (may be empty: one panel)
     * @param model the model (for the baselines drawn beside the domain sweep)
     * @throws IOException on failure
     */
    public static void plotStorage(final Path file, final List<StorageRow> rows, final List<StorageRow> byDomains,
            final StorageModel model) throws IOException {
        final Map<String, List<StorageRow>> byFormat = new LinkedHashMap<>();
        rows.forEach(r -> byFormat.computeIfAbsent(r.format(), k -> new ArrayList<>()).add(r));
        final List<Charts.Series> series = new ArrayList<>();
        byFormat.forEach((format, rs) -> series.add(new Charts.Series(format + (format.equals("cdr-sr")
                ? " (D = " + String.format(Locale.ROOT, "%,d", rs.get(0).sharerDomains()) + ")" : ""),
                rs.stream().mapToDouble(StorageRow::cores).toArray(),
                rs.stream().mapToDouble(StorageRow::entryBitsWithTag).toArray())));
        final JFreeChart byCores = Charts.lines("Directory entry with tag (" + model.tagBits() + "-bit tags)", "cores",
                "bits per entry", true, true, series);
        if (byDomains.isEmpty()) {
            Charts.savePng(file, 760, 480, byCores);
            return;
        }
        final double[] d = byDomains.stream().mapToDouble(StorageRow::sharerDomains).toArray();
        final int cores = byDomains.get(0).cores();
        final List<Charts.Series> domainSeries = new ArrayList<>();
        domainSeries.add(new Charts.Series("cdr-sr", d, byDomains.stream().mapToDouble(StorageRow::entryBitsWithTag)
                .toArray()));
        for (final String baseline : List.of("dir-b-4", "coarse-vector-4")) {
            final double bits = model.entryBitsWithTag(FormatSpec.parse(baseline), cores);
            final double[] flat = new double[d.length];
            Arrays.fill(flat, bits);
            domainSeries.add(new Charts.Series(baseline + " at " + String.format(Locale.ROOT, "%,d", cores) + " cores",
                    d, flat));
        }
        final JFreeChart byD = Charts.lines("cdr-sr vs sharer domains D (" + String.format(Locale.ROOT, "%,d", cores)
                + " cores)", "sharer domains D", "bits per entry", true, false, domainSeries);
        Charts.savePng(file, 640, 480, byCores, byD);
    }

    // ------------------------------------------------------------------------------------------------ workloads

    /**
     * A workload as the CLI names it, with its optional parameters.
     *
     * @param spec {@code vm}, {@code app}, {@code page} or {@code trace:FILE}
     * @param groupSize cores per VM/application or sharers per page group; null for the default
     * @param outside fraction of accesses from outside the domain; null for the default
     * @param active VMs or applications that issue accesses; null or 0 for all
     */
    public record WorkloadSpec(String spec, Integer groupSize, Double outside, Integer active) {

        /**
         * The synthetic VM workload with default parameters.
         *
         * @return {@code vm}
         */
        public static WorkloadSpec vm() {
            return new WorkloadSpec("vm", null, null, null);
        }

        /**
         * A copy with another outside fraction.
         *
         * @param fraction the fraction
         * @return the copy
         */
        public WorkloadSpec withOutside(final double fraction) {
            return new WorkloadSpec(spec, groupSize, fraction, active);
        }

        /**
         * A copy with another number of active domains.
         *
         * @param count active domains (0 for all)
         * @return the copy
         */
        public WorkloadSpec withActive(final int count) {
            return new WorkloadSpec(spec, groupSize, outside, count);
        }

        /**
         * Builds a fresh stream.
         *
         * @param system the machine
         * @param seed the seed
         * @return the workload
         * @throws IOException if a trace cannot be read
         */
        public Workload build(final SystemSpec system, final long seed) throws IOException {
            return workload(spec, system, seed, groupSize, outside, active);
        }

        /** @return whether it is a trace */
        public boolean isTrace() {
            return spec.startsWith("trace:");
        }
    }

    /**
     * Builds a workload from its CLI spec.
     *
     * @param spec {@code vm}, {@code app}, {@code page} or {@code trace:FILE}
     * @param system the machine
     * @param seed the seed
     * @param groupSize cores per VM/application or sharers per page group; null for the default
     * @param outside fraction of accesses from outside the domain; null for the default
     * @param active VMs or applications that issue accesses; null or 0 for all
     * @return the workload
     * @throws IOException if a trace cannot be read
     */
    public static Workload workload(final String spec, final SystemSpec system, final long seed, final Integer groupSize,
            final Double outside, final Integer active) throws IOException {
        if (spec.startsWith("trace:")) {
            final Path file = Path.of(spec.substring(6));
            TraceSource.open(file).close();
            return new TraceWorkload(spec, system, () -> TraceSource.open(file), groupSize == null ? 16 : groupSize);
        }
        final SyntheticWorkload.Kind kind;
        switch (spec.toLowerCase(Locale.ROOT)) {
            case "vm":
                kind = SyntheticWorkload.Kind.VM;
                break;
            case "app":
                kind = SyntheticWorkload.Kind.APP;
                break;
            case "page":
                kind = SyntheticWorkload.Kind.PAGE;
                break;
            default:
                throw new IllegalArgumentException("unknown workload '" + spec + "': must be vm, app, page or trace:FILE");
        }
        SyntheticWorkload.Params p = SyntheticWorkload.Params.defaults(kind, system, seed);
        if (groupSize != null) {
            p = p.withGroupSize(groupSize);
        }
        if (outside != null) {
            p = p.withOutside(outside);
        }
        if (active != null) {
            p = p.withActive(active);
        }
        return new SyntheticWorkload(system, p);
    }

    // ------------------------------------------------------------------------------------------------ comparison

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
     * A rough upper bound of the heap one simulation of a machine needs: about 5 GiB for a million-core warehouse
     * machine (peaks of 4.0-4.7 GiB measured), 512 MiB for a 1,024-core chip. Used to run no more simulations at
     * once than the heap holds.
     *
     * @param system the machine
     * @return bytes
     */
    public static long heapBytesPerRun(final SystemSpec system) {
        return system.cores() > 100_000 ? 5L << 30 : 512L << 20;
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
     * Runs several configurations on the same access stream. The first run warms as {@code warmup} says;
     * the others warm exactly as long, so every run counts the same stretch of the stream.
     *
     * @param system the machine
     * @param runs the configurations, in result order
     * @param workload the workload
     * @param homes the restricted home mapping for hr and sr+hr, or null for the default
     * @param accesses counted accesses per run
     * @param warmup the first run's warm-up
     * @param seed the seed
     * @param progress progress over all runs (estimated from the first run's warm-up)
     * @return one result per run
     * @throws IOException if a trace cannot be read
     */
    public static List<SimulationResult> compare(final SystemSpec system, final List<RunSpec> runs,
            final WorkloadSpec workload, final String homes, final long accesses, final Warmup warmup, final long seed,
            final Progress progress) throws IOException {
        final List<SimulationResult> results = new ArrayList<>();
        Warmup plan = warmup;
        long base = 0;
        for (int i = 0; i < runs.size(); i++) {
            final RunSpec run = runs.get(i);
            final long b = base;
            final long perRun = plan.max() + accesses;
            final long all = b + (long) (runs.size() - i) * perRun;
            final SimulationResult r = CoherenceSimulator.run(system, run.scheme(),
                    run.scheme().sharerRestricted() ? null : run.format(),
                    run.scheme().homeRestricted() ? homes : null, workload.build(system, seed), plan, accesses, seed,
                    (done, total) -> progress.update(b + done, all));
            results.add(r);
            base += r.warmupAccesses() + accesses;
            if (i == 0) {
                plan = warmup.fixedAt(r.warmupAccesses());
            }
        }
        return results;
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
            rows.add(Arrays.stream(r.row()).map(String::valueOf).toList());
        }
        CsvFiles.write(file, List.of(SimulationResult.COLUMNS), rows);
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
        final List<String> names = results.stream().map(CoherenceExperiments::label).toList();
        final String where = results.get(0).system() + ", workload " + results.get(0).workload();
        final JFreeChart latency = Charts.bars("Average access latency", where, "cycles", names,
                results.stream().mapToDouble(SimulationResult::avgAccessLatencyCycles).toArray());
        final JFreeChart energy = Charts.bars("Energy", "network + directory + leakage + DRAM", "uJ", names,
                results.stream().mapToDouble(r -> r.energyNanojoules() / 1000).toArray());
        final JFreeChart storage = Charts.bars("Directory storage", "entries with tags, map caches", "MiB", names,
                results.stream().mapToDouble(r -> mib(r.directoryBitsWithTags())).toArray());
        Charts.savePng(file, 620, 460, latency, energy, storage);
    }

    /**
     * A Markdown table of results.
     *
     * @param results the results
     * @return the table
     */
    public static String resultsTable(final List<SimulationResult> results) {
        final StringBuilder md = new StringBuilder();
        md.append("| configuration | miss rate | miss latency | access latency | p99 miss | queue / miss | broadcasts "
                + "| flit-hops / access | home hit rate | DRAM | directory MiB | energy uJ (net + dir + leak + DRAM) |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (final SimulationResult r : results) {
            md.append(String.format(Locale.ROOT,
                    "| %s | %.4f | %s | %s | %s | %s | %,d | %.1f | %.4f | %,d | %.1f | %s (%s + %s + %s + %s) |%n",
                    label(r), r.missRate(), cycles(r.avgMissLatencyCycles()), cycles(r.avgAccessLatencyCycles()),
                    cycles(r.p99MissLatencyCycles()), cycles(r.avgQueueCycles()), r.broadcasts(),
                    (double) r.flitHops() / r.accesses(), r.homeHitRate(), r.dramAccesses(),
                    mib(r.directoryBitsWithTags()), uj(r.energyNanojoules()), uj(r.energy().networkNj()),
                    uj(r.energy().directoryNj()), uj(r.energy().leakageNj()), uj(r.energy().dramNj())));
        }
        return md.toString();
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
            lines.add(String.format(Locale.ROOT, "%s is beaten on access latency by %s; on energy by %s; on storage by %s.",
                    v.scheme(), list(v.latency()), list(v.energy()), list(v.storage())));
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
    public static SimulationResult find(final List<SimulationResult> results, final String scheme, final String format) {
        return results.stream().filter(r -> r.scheme().equals(scheme) && r.format().equals(format)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no result " + scheme + "/" + format));
    }

    static String cycles(final double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String uj(final double nanojoules) {
        final double uj = nanojoules / 1000;
        if (uj >= 1e5) {
            return String.format(Locale.ROOT, "%.3g", uj);
        }
        return uj >= 100 ? String.format(Locale.ROOT, "%,.0f", uj) : String.format(Locale.ROOT, "%.1f", uj);
    }

    static double mib(final long bits) {
        return bits / 8.0 / (1 << 20);
    }

    // ------------------------------------------------------------------------------------------------ sweep

    /**
     * One point of the Home Restriction sweep.
     *
     * @param domainCores cores per VM (its sharer and home domain)
     * @param homes home slices of each VM's home domain
     * @param global the result with global homes
     * @param restricted the result with Home Restriction
     */
    public record SweepPoint(int domainCores, int homes, SimulationResult global, SimulationResult restricted) {
        /** @return global miss latency / restricted miss latency */
        public double speedup() {
            return global.avgMissLatencyCycles() / restricted.avgMissLatencyCycles();
        }
    }

    /**
     * One point of the Home Restriction sweep: VM consolidation with VMs of {@code size} cores, first with global
     * homes (warmed as {@code warmup} says), then with Home Restriction warmed exactly as long.
     *
     * @param system the machine
     * @param size cores per VM
     * @param accesses counted accesses per run
     * @param warmup the global run's warm-up
     * @param seed the seed
     * @return the point
     */
    public static SweepPoint sweepPoint(final SystemSpec system, final int size, final long accesses,
            final Warmup warmup, final long seed) {
        final SimulationResult global = CoherenceSimulator.run(system, Scheme.GLOBAL, null, null,
                sweepWorkload(system, size, seed), warmup, accesses, seed, CoherenceSimulator.Progress.NONE);
        final SimulationResult restricted = CoherenceSimulator.run(system, Scheme.HR, null, null,
                sweepWorkload(system, size, seed), warmup.fixedAt(global.warmupAccesses()), accesses, seed,
                CoherenceSimulator.Progress.NONE);
        return new SweepPoint(size, sweepHomes(system, size, seed), global, restricted);
    }

    /**
     * The workload of one size of the Home Restriction sweep: VM consolidation with VMs of {@code size} cores,
     * 1% of accesses from outside the VM (none when one VM spans the machine).
     *
     * @param system the machine
     * @param size cores per VM
     * @param seed the seed
     * @return a fresh stream
     */
    public static SyntheticWorkload sweepWorkload(final SystemSpec system, final int size, final long seed) {
        final SyntheticWorkload.Params p = SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, system, seed)
                .withGroupSize(size).withOutside(size == system.cores() ? 0 : 0.01);
        return new SyntheticWorkload(system, p);
    }

    /**
     * The home slices one VM of the sweep restricts its lines to.
     *
     * @param system the machine
     * @param size cores per VM
     * @param seed the seed
     * @return the number of homes of the first VM
     */
    public static int sweepHomes(final SystemSpec system, final int size, final long seed) {
        return Placement.homesOf(system, sweepWorkload(system, size, seed).members(0)).length;
    }

    /**
     * Miss latency of VM consolidation against the VMs' size, with global homes and with Home Restriction
     * (the machine's baseline format), each warmed as {@code warmup} says (the restricted run as long as the
     * global one).
     *
     * @param system the machine
     * @param sizes cores per VM
     * @param accesses counted accesses per run
     * @param warmup warm-up per run
     * @param seed the seed
     * @param progress progress over all runs
     * @return one point per size
     */
    public static List<SweepPoint> homeRestrictionSweep(final SystemSpec system, final List<Integer> sizes,
            final long accesses, final Warmup warmup, final long seed, final Progress progress) {
        final List<SweepPoint> points = new ArrayList<>();
        for (final int size : sizes) {
            progress.update(points.size(), sizes.size());
            points.add(sweepPoint(system, size, accesses, warmup, seed));
        }
        progress.update(sizes.size(), sizes.size());
        return points;
    }

    /** Columns of the sweep CSV. */
    public static final List<String> SWEEP_COLUMNS = List.of("system", "domain_cores", "domain_homes",
            "global_avg_miss_latency_cycles", "hr_avg_miss_latency_cycles", "global_flit_hops", "hr_flit_hops",
            "latency_ratio_global_over_hr", "global_home_hit_rate", "hr_home_hit_rate", "global_avg_queue_cycles",
            "hr_avg_queue_cycles", "warmup_accesses");

    /**
     * Writes the sweep CSV.
     *
     * @param file the CSV file
     * @param points the points
     * @throws IOException on failure
     */
    public static void writeSweep(final Path file, final List<SweepPoint> points) throws IOException {
        CsvFiles.write(file, SWEEP_COLUMNS, points.stream().map(CoherenceExperiments::sweepRow).toList());
    }

    /**
     * One point of the sweep as a row of {@link #SWEEP_COLUMNS}.
     *
     * @param p the point
     * @return the row
     */
    public static List<String> sweepRow(final SweepPoint p) {
        return List.of(p.global().system(), Integer.toString(p.domainCores()), Integer.toString(p.homes()),
                fmt(p.global().avgMissLatencyCycles()), fmt(p.restricted().avgMissLatencyCycles()),
                Long.toString(p.global().flitHops()), Long.toString(p.restricted().flitHops()), fmt(writtenRatio(p)),
                fmt(p.global().homeHitRate()), fmt(p.restricted().homeHitRate()), fmt(p.global().avgQueueCycles()),
                fmt(p.restricted().avgQueueCycles()), Long.toString(p.global().warmupAccesses()));
    }

    /**
     * The latency ratio of the two latencies as the row writes them (six significant digits), so that a row built
     * from a run and one built from written rows (shards, merge) agree to the last digit.
     */
    private static double writtenRatio(final SweepPoint p) {
        return Double.parseDouble(fmt(p.global().avgMissLatencyCycles()))
                / Double.parseDouble(fmt(p.restricted().avgMissLatencyCycles()));
    }

    /**
     * Draws miss latency against domain size for global homes and Home Restriction.
     *
     * @param file the PNG file
     * @param points the points
     * @throws IOException on failure
     */
    public static void plotSweep(final Path file, final List<SweepPoint> points) throws IOException {
        plotSweepRows(file, points.stream().map(CoherenceExperiments::sweepRow).toList());
    }

    /**
     * Draws the sweep from its rows (each starting with {@link #SWEEP_COLUMNS}).
     *
     * @param file the PNG file
     * @param rows the rows
     * @throws IOException on failure
     */
    public static void plotSweepRows(final Path file, final List<List<String>> rows) throws IOException {
        final double[] x = rows.stream().mapToDouble(r -> Double.parseDouble(r.get(1))).toArray();
        Charts.savePng(file, 760, 480, Charts.lines("Home Restriction: miss latency vs domain size ("
                + rows.get(0).get(0) + ", VM consolidation)", "cores per domain", "average miss latency (cycles)",
                true, false, List.of(
                        new Charts.Series("global homes", x,
                                rows.stream().mapToDouble(r -> Double.parseDouble(r.get(3))).toArray()),
                        new Charts.Series("home restriction (hr)", x,
                                rows.stream().mapToDouble(r -> Double.parseDouble(r.get(4))).toArray()))));
    }

    static String fmt(final double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}

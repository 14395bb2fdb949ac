package org.scalebench.bench.coherence;

import java.io.IOException;
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
import org.scalebench.coherence.sim.Workload;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The CDR experiments behind {@code scalebench coherence ...} and {@code scalebench reproduce}: the storage
 * table and figure, one simulation, the four-scheme comparison and the Home Restriction domain-size sweep,
 * with their CSV files and PNG figures.
 */
public final class CoherenceExperiments {

    /** Formats of the storage figure. */
    public static final List<String> STORAGE_FORMATS = List.of("full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4",
            "cdr-sr");
    /** Core counts of the storage figure. */
    public static final List<Integer> STORAGE_CORES = List.of(16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576);
    /** Columns of the storage CSV. */
    public static final List<String> STORAGE_COLUMNS = List.of("format", "cores", "bits_per_entry",
            "directory_bits_total", "overhead_vs_line", "directory_bits_per_slice");

    private CoherenceExperiments() {
    }

    /**
     * One row of the storage table.
     *
     * @param format the format id
     * @param cores the core count
     * @param bitsPerEntry sharer and state bits per entry
     * @param totalBits directory bits of the whole machine
     * @param overheadVsLine bits per entry / 512
     * @param bitsPerSlice directory bits per home slice
     */
    public record StorageRow(String format, int cores, long bitsPerEntry, long totalBits, double overheadVsLine,
            long bitsPerSlice) {
        /** @return the CSV cells */
        public List<String> cells() {
            return List.of(format, Integer.toString(cores), Long.toString(bitsPerEntry), Long.toString(totalBits),
                    String.format(Locale.ROOT, "%.6g", overheadVsLine), Long.toString(bitsPerSlice));
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
                rows.add(new StorageRow(f.id(), n, model.bitsPerEntry(f, n), model.totalBits(f, n),
                        model.overheadVsLine(f, n), model.bitsPerSlice(f, n)));
            }
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
     * Draws bits per entry against cores, log-log, one line per format.
     *
     * @param file the PNG file
     * @param rows the storage rows
     * @throws IOException on failure
     */
    public static void plotStorage(final Path file, final List<StorageRow> rows) throws IOException {
        final Map<String, List<StorageRow>> byFormat = new LinkedHashMap<>();
        rows.forEach(r -> byFormat.computeIfAbsent(r.format(), k -> new ArrayList<>()).add(r));
        final List<Charts.Series> series = new ArrayList<>();
        byFormat.forEach((format, rs) -> series.add(new Charts.Series(format,
                rs.stream().mapToDouble(StorageRow::cores).toArray(),
                rs.stream().mapToDouble(StorageRow::bitsPerEntry).toArray())));
        Charts.savePng(file, 760, 480, Charts.lines("Directory storage per entry (64-byte lines)", "cores",
                "bits per entry", true, true, series));
    }

    /**
     * Builds a workload from its CLI spec.
     *
     * @param spec {@code vm}, {@code app}, {@code page} or {@code trace:FILE}
     * @param system the machine
     * @param seed the seed
     * @param groupSize cores per VM/application or sharers per page group; null for the default
     * @param outside fraction of accesses from outside the domain; null for the default
     * @return the workload
     * @throws IOException if a trace cannot be read
     */
    public static Workload workload(final String spec, final SystemSpec system, final long seed, final Integer groupSize,
            final Double outside) throws IOException {
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
                throw new IllegalArgumentException("workload '" + spec + "': must be vm, app, page or trace:FILE");
        }
        SyntheticWorkload.Params p = SyntheticWorkload.Params.defaults(kind, system, seed);
        if (groupSize != null) {
            p = p.withGroupSize(groupSize);
        }
        if (outside != null) {
            p = p.withOutside(outside);
        }
        return new SyntheticWorkload(system, p);
    }

    /**
     * Runs every scheme on the same access stream.
     *
     * @param system the machine
     * @param workload the workload spec
     * @param groupSize group size or null
     * @param outside outside fraction or null
     * @param accesses counted accesses per scheme
     * @param warmup warm-up accesses per scheme
     * @param seed the seed
     * @param progress progress over all schemes' accesses
     * @return one result per scheme, in {@link Scheme} order
     * @throws IOException if a trace cannot be read
     */
    public static List<SimulationResult> compare(final SystemSpec system, final String workload, final Integer groupSize,
            final Double outside, final long accesses, final long warmup, final long seed, final Progress progress)
            throws IOException {
        return compare(system, List.of(Scheme.values()), workload, groupSize, outside, accesses, warmup, seed, progress);
    }

    /**
     * Runs some schemes on the same access stream.
     *
     * @param system the machine
     * @param schemes the schemes, in result order
     * @param workload the workload spec
     * @param groupSize group size or null
     * @param outside outside fraction or null
     * @param accesses counted accesses per scheme
     * @param warmup warm-up accesses per scheme
     * @param seed the seed
     * @param progress progress over all schemes' accesses
     * @return one result per scheme, in the given order
     * @throws IOException if a trace cannot be read
     */
    public static List<SimulationResult> compare(final SystemSpec system, final List<Scheme> schemes,
            final String workload, final Integer groupSize, final Double outside, final long accesses, final long warmup,
            final long seed, final Progress progress) throws IOException {
        final List<SimulationResult> results = new ArrayList<>();
        final long all = schemes.size() * (accesses + warmup);
        for (int i = 0; i < schemes.size(); i++) {
            final long base = i * (accesses + warmup);
            results.add(CoherenceSimulator.run(system, schemes.get(i), null, null,
                    workload(workload, system, seed, groupSize, outside), warmup, accesses, seed,
                    (done, total) -> progress.update(base + done, all)));
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
     * Draws the comparison: miss latency, traffic and directory storage per scheme, side by side.
     *
     * @param file the PNG file
     * @param results one result per scheme
     * @throws IOException on failure
     */
    public static void plotCompare(final Path file, final List<SimulationResult> results) throws IOException {
        final List<String> names = results.stream().map(SimulationResult::scheme).toList();
        final String where = results.get(0).system() + ", workload " + results.get(0).workload();
        final String formats = String.join(", ", results.stream().map(r -> r.scheme() + ": " + r.format()).toList());
        final JFreeChart latency = Charts.bars("Average miss latency", where, "cycles", names,
                results.stream().mapToDouble(SimulationResult::avgMissLatencyCycles).toArray());
        final JFreeChart traffic = Charts.bars("Network traffic", where, "flit-hops per access", names,
                results.stream().mapToDouble(r -> (double) r.flitHops() / r.accesses()).toArray());
        final JFreeChart storage = Charts.bars("Directory storage", formats, "MiB", names,
                results.stream().mapToDouble(r -> r.directoryBits() / 8.0 / (1 << 20)).toArray());
        Charts.savePng(file, 520, 420, latency, traffic, storage);
    }

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
     * Miss latency of VM consolidation against the VMs' size, with global homes and with Home Restriction.
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
            final long accesses, final long warmup, final long seed, final Progress progress) {
        final List<SweepPoint> points = new ArrayList<>();
        final long all = 2L * sizes.size() * (accesses + warmup);
        long base = 0;
        for (final int size : sizes) {
            final SyntheticWorkload.Params p = SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, system, seed)
                    .withGroupSize(size).withOutside(size == system.cores() ? 0 : 0.01);
            final long b0 = base;
            final SimulationResult global = CoherenceSimulator.run(system, Scheme.GLOBAL, null, null,
                    new SyntheticWorkload(system, p), warmup, accesses, seed,
                    (done, total) -> progress.update(b0 + done, all));
            base += accesses + warmup;
            final long b1 = base;
            final SyntheticWorkload restrictedWorkload = new SyntheticWorkload(system, p);
            final SimulationResult restricted = CoherenceSimulator.run(system, Scheme.HR, null, null, restrictedWorkload,
                    warmup, accesses, seed, (done, total) -> progress.update(b1 + done, all));
            base += accesses + warmup;
            points.add(new SweepPoint(size, Placement.homesOf(system,
                    restrictedWorkload.members(0)).length, global, restricted));
        }
        return points;
    }

    /** Columns of the sweep CSV. */
    public static final List<String> SWEEP_COLUMNS = List.of("system", "domain_cores", "domain_homes",
            "global_avg_miss_latency_cycles", "hr_avg_miss_latency_cycles", "global_flit_hops", "hr_flit_hops",
            "latency_ratio_global_over_hr");

    /**
     * Writes the sweep CSV.
     *
     * @param file the CSV file
     * @param points the points
     * @throws IOException on failure
     */
    public static void writeSweep(final Path file, final List<SweepPoint> points) throws IOException {
        final List<List<String>> rows = new ArrayList<>();
        for (final SweepPoint p : points) {
            rows.add(List.of(p.global().system(), Integer.toString(p.domainCores()), Integer.toString(p.homes()),
                    fmt(p.global().avgMissLatencyCycles()), fmt(p.restricted().avgMissLatencyCycles()),
                    Long.toString(p.global().flitHops()), Long.toString(p.restricted().flitHops()), fmt(p.speedup())));
        }
        CsvFiles.write(file, SWEEP_COLUMNS, rows);
    }

    /**
     * Draws miss latency against domain size for global homes and Home Restriction.
     *
     * @param file the PNG file
     * @param points the points
     * @throws IOException on failure
     */
    public static void plotSweep(final Path file, final List<SweepPoint> points) throws IOException {
        final double[] x = points.stream().mapToDouble(SweepPoint::domainCores).toArray();
        Charts.savePng(file, 760, 480, Charts.lines("Home Restriction: miss latency vs domain size ("
                + points.get(0).global().system() + ", VM consolidation)", "cores per domain", "average miss latency (cycles)",
                true, false, List.of(
                        new Charts.Series("global homes", x, points.stream()
                                .mapToDouble(p -> p.global().avgMissLatencyCycles()).toArray()),
                        new Charts.Series("home restriction (hr)", x, points.stream()
                                .mapToDouble(p -> p.restricted().avgMissLatencyCycles()).toArray()))));
    }

    static String fmt(final double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}

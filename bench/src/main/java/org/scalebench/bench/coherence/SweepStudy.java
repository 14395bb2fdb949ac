package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.plot.Charts;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SharedWarmup;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.storage.StorageModel;

/**
 * {@code coherence sweep} as a study: the Home Restriction domain-size sweep, miss latency of VM consolidation
 * against the VMs' size with global homes and with Home Restriction (the machine's baseline format). Each domain
 * size takes two points: for {@code n} sizes, points {@code 0..n-1} are the global-homes runs in size order and
 * points {@code n..2n-1} the restricted runs in the same order. A restricted run counts the same stretch of the
 * stream as its global run, warmed exactly as long ({@link SharedWarmup}), so it waits for that length: in one
 * process the global runs are started first and hand it over when their warm-up ends; in a shard without the
 * global run, {@link #prepare} replays its warm-up (a deterministic replay, the same length). A point's row is
 * its simulation row with the domain's cores and homes and the provenance of the process that ran it;
 * {@code home-restriction.csv} pairs the two runs of each size into one row, with the seed, the counted accesses
 * and the global run's provenance. The storage figure is a pure function of the machine's storage model and is
 * drawn when the files are published ({@link StorageFigures}).
 */
public final class SweepStudy implements Study {

    /** Columns of the sweep's rows in {@code home-restriction.csv}: one row per domain size. */
    public static final List<String> SWEEP_COLUMNS = List.of("system", "domain_cores", "domain_homes",
            "global_avg_miss_latency_cycles", "hr_avg_miss_latency_cycles", "global_flit_hops", "hr_flit_hops",
            "latency_ratio_global_over_hr", "global_home_hit_rate", "hr_home_hit_rate", "global_avg_queue_cycles",
            "hr_avg_queue_cycles", "warmup_accesses");

    /** Columns after {@link #SWEEP_COLUMNS} in {@code home-restriction.csv}. */
    public static final List<String> EXTRA = List.of("seed", "accesses", "warmup", "scalebench_version", "commit",
            "jdk");

    private final SystemSpec machine;
    private final List<Integer> sizes;
    private final long accesses;
    private final Warmup warmup;
    private final String warmupSpec;
    private final long seed;
    private final Provenance provenance;
    /** Each size's warm-up: its global run leads, its restricted run follows. */
    private final List<SharedWarmup> warmups;

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param sizes cores per domain, in the order of the rows
     * @param accesses counted accesses per run
     * @param warmup the warm-up plan of each size's global run
     * @param warmupSpec the warm-up as the user gave it (for the rows)
     * @param seed the seed
     * @param provenance the provenance every row carries
     */
    public SweepStudy(final SystemSpec machine, final List<Integer> sizes, final long accesses, final Warmup warmup,
            final String warmupSpec, final long seed, final Provenance provenance) {
        this.machine = machine;
        this.sizes = List.copyOf(sizes);
        this.accesses = accesses;
        this.warmup = warmup;
        this.warmupSpec = warmupSpec;
        this.seed = seed;
        this.provenance = provenance;
        this.warmups = sizes.stream().map(s -> new SharedWarmup(warmup)).toList();
    }

    @Override
    public String name() {
        return "coherence sweep";
    }

    @Override
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(Arrays.asList(SimulationResult.COLUMNS));
        columns.addAll(List.of("domain_cores", "domain_homes"));
        columns.addAll(Provenance.COLUMNS);
        return columns;
    }

    @Override
    public List<String> timingColumns() {
        return SimulationResult.WALL_CLOCK_COLUMNS;
    }

    @Override
    public int points() {
        return 2 * sizes.size();
    }

    @Override
    public String describe(final int point) {
        return machine.name() + " domains of " + sizes.get(point % sizes.size()) + " cores, "
                + (point < sizes.size() ? "global homes" : "Home Restriction");
    }

    @Override
    public long heapBytesPerPoint() {
        return Comparison.heapBytesPerRun(machine);
    }

    @Override
    public void prepare(final int[] points) throws Exception {
        final Set<Integer> here = Arrays.stream(points).boxed().collect(Collectors.toSet());
        for (int i = 0; i < sizes.size(); i++) {
            if (here.contains(sizes.size() + i) && !here.contains(i)) {
                // another shard runs this size's global run: find its warm-up length the same way
                final int index = i;
                WarmupHandOver.replay(warmups.get(i), (plan, progress) -> global(index, 1, plan, progress));
            }
        }
    }

    @Override
    public List<List<String>> run(final int point) throws Exception {
        final int n = sizes.size();
        final SimulationResult r;
        if (point < n) {
            // the restricted run of this size may start as soon as the warm-up ends
            r = WarmupHandOver.lead(warmups.get(point), (plan, progress) -> global(point, accesses, plan, progress));
        } else {
            final Warmup plan = WarmupHandOver.follow(warmups.get(point - n), describe(point - n), describe(point));
            r = CoherenceSimulator.run(machine, Scheme.HR, null, null, workload(machine, sizes.get(point - n), seed),
                    plan, accesses, seed, CoherenceSimulator.Progress.NONE);
        }
        final List<String> row = Comparison.cells(r);
        final int size = sizes.get(point % n);
        row.add(Integer.toString(size));
        row.add(Integer.toString(homes(machine, size, seed)));
        row.addAll(provenance.values());
        return List.of(row);
    }

    private SimulationResult global(final int index, final long counted, final Warmup plan,
            final CoherenceSimulator.Progress progress) {
        return CoherenceSimulator.run(machine, Scheme.GLOBAL, null, null, workload(machine, sizes.get(index), seed),
                plan, counted, seed, progress);
    }

    /**
     * The workload of one size of the sweep: VM consolidation with VMs of {@code size} cores, 1% of accesses from
     * outside the VM (none when one VM spans the machine).
     *
     * @param system the machine
     * @param size cores per VM
     * @param seed the seed
     * @return a fresh stream
     */
    public static SyntheticWorkload workload(final SystemSpec system, final int size, final long seed) {
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
    public static int homes(final SystemSpec system, final int size, final long seed) {
        return Placement.homesOf(system, workload(system, size, seed).members(0)).length;
    }

    /**
     * One size of the sweep.
     *
     * @param domainCores cores per VM (its sharer and home domain)
     * @param homes home slices of each VM's home domain
     * @param global the result with global homes
     * @param restricted the result with Home Restriction
     */
    public record SweepPoint(int domainCores, int homes, SimulationResult global, SimulationResult restricted) {

        /**
         * The point as a row of {@link #SWEEP_COLUMNS}.
         *
         * @return the row
         */
        public List<String> row() {
            return List.of(global.system(), Integer.toString(domainCores), Integer.toString(homes),
                    Numbers.sixDigits(global.avgMissLatencyCycles()),
                    Numbers.sixDigits(restricted.avgMissLatencyCycles()), Long.toString(global.flitHops()),
                    Long.toString(restricted.flitHops()), Numbers.sixDigits(writtenRatio()),
                    Numbers.sixDigits(global.homeHitRate()), Numbers.sixDigits(restricted.homeHitRate()),
                    Numbers.sixDigits(global.avgQueueCycles()), Numbers.sixDigits(restricted.avgQueueCycles()),
                    Long.toString(global.warmupAccesses()));
        }

        /**
         * The latency ratio of the two latencies as the row writes them (six significant digits), so that a row
         * built from a run and one built from written rows (shards, merge) agree to the last digit.
         */
        private double writtenRatio() {
            return Double.parseDouble(Numbers.sixDigits(global.avgMissLatencyCycles()))
                    / Double.parseDouble(Numbers.sixDigits(restricted.avgMissLatencyCycles()));
        }
    }

    /**
     * The sweep's points from the study's rows: for {@code n} sizes, rows {@code i} and {@code n + i} are the
     * global and restricted runs of size {@code i}.
     *
     * @param rows every point's row, in point order
     * @return one point per size
     */
    public static List<SweepPoint> points(final List<List<String>> rows) {
        final int n = rows.size() / 2;
        final int cores = SimulationResult.COLUMNS.length;
        final List<SweepPoint> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final List<String> global = rows.get(i);
            points.add(new SweepPoint(Integer.parseInt(global.get(cores)), Integer.parseInt(global.get(cores + 1)),
                    SimulationResult.fromRow(global), SimulationResult.fromRow(rows.get(n + i))));
        }
        return points;
    }

    /**
     * The sweep's rows ({@link #SWEEP_COLUMNS}) from the study's rows: for {@code n} sizes,
     * rows {@code i} and {@code n + i} are the global and restricted runs of size {@code i}.
     *
     * @param rows every point's row, in point order
     * @return one row per size
     */
    public static List<List<String>> sweepRows(final List<List<String>> rows) {
        return points(rows).stream().map(SweepPoint::row).toList();
    }

    @Override
    public List<String> outputs() {
        return List.of("storage.csv", "storage.png", "home-restriction.csv", "home-restriction.png");
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        final StorageModel model = machine.storageModel();
        final var storage = StorageFigures.storage(model, StorageFigures.FORMATS, StorageFigures.CORES);
        StorageFigures.write(dir.resolve("storage.csv"), storage);
        StorageFigures.plot(dir.resolve("storage.png"), storage, StorageFigures.byDomains(model, machine.cores(),
                StorageFigures.DOMAINS), model);
        final int cores = SimulationResult.COLUMNS.length;
        final List<List<String>> pairs = sweepRows(rows);
        final List<List<String>> sweep = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            final List<String> row = new ArrayList<>(pairs.get(i));
            row.add(Long.toString(seed));
            row.add(Long.toString(accesses));
            row.add(warmupSpec);
            row.addAll(rows.get(i).subList(cores + 2, cores + 2 + Provenance.COLUMNS.size()));
            sweep.add(row);
        }
        final List<String> columns = new ArrayList<>(SWEEP_COLUMNS);
        columns.addAll(EXTRA);
        CsvFiles.write(dir.resolve("home-restriction.csv"), columns, sweep);
        plot(dir.resolve("home-restriction.png"), sweep);
        return outputs();
    }

    /**
     * Draws miss latency against domain size for global homes and Home Restriction.
     *
     * @param file the PNG file
     * @param rows the sweep's rows (each starting with {@link #SWEEP_COLUMNS})
     * @throws IOException on failure
     */
    static void plot(final Path file, final List<List<String>> rows) throws IOException {
        final double[] x = rows.stream().mapToDouble(r -> Double.parseDouble(r.get(1))).toArray();
        Charts.savePng(file, 760, 480, Charts.lines("Home Restriction: miss latency vs domain size ("
                + rows.get(0).get(0) + ", VM consolidation)", "cores per domain", "average miss latency (cycles)",
                true, false, List.of(
                        new Charts.Series("global homes", x,
                                rows.stream().mapToDouble(r -> Double.parseDouble(r.get(3))).toArray()),
                        new Charts.Series("home restriction (hr)", x,
                                rows.stream().mapToDouble(r -> Double.parseDouble(r.get(4))).toArray()))));
    }
}

package org.scalebench.bench.coherence;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.scalebench.bench.coherence.Comparison.RunSpec;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.core.Progress;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.bench.study.ParallelPoints;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The CDR part of {@code scalebench reproduce}: the storage figures (cores and sharer domains, tags and map caches
 * counted), then studies run by the same code as the command line's: CDR against every baseline format on
 * chip1024 and wsc1m over a grid of outside shares and seeds ({@link CompareStudy}, as {@code coherence compare}),
 * a sensitivity table of the headline numbers (B-state policy, map caches, DRAM latency, slice capacity, think time,
 * contention, invalidation delivery, warm-up; each a {@code coherence compare} with one parameter replaced), and the Home Restriction
 * domain-size sweep ({@link SweepStudy}, as {@code coherence sweep}). The sizes of every study are a {@link Plan}.
 * The paper's figures are not public; its claims are the abstract's, and the report puts scalebench's numbers
 * beside them.
 *
 * <p>Files: {@code storage.csv} and {@code .png}; each comparison's published files ({@code compare.csv},
 * {@code compare.png}, {@code verdicts.csv}, {@code crossovers.csv}) in {@code cdr-chip1024/} and
 * {@code cdr-wsc1m/}; {@code sensitivity-chip1024.csv} and {@code sensitivity-wsc1m.csv} (the comparison's columns
 * after a {@code variant} column); the sweep's published files in {@code cdr-home-restriction/}. The same seed
 * gives the same files (wall-clock columns excepted) whatever the number of jobs. Not thread-safe.
 */
public final class CdrReproduction implements ReproductionPart {

    /** The outside share the workloads default to (an assumption), where the per-configuration tables are shown. */
    public static final double DEFAULT_OUTSIDE = 0.01;
    /** Active 16-core VMs on wsc1m: quick samples 128 of the 62,500, full 1,024. */
    static final int WSC_ACTIVE_QUICK = 128;
    static final int WSC_ACTIVE_FULL = 1024;
    /** Fixed warm-up of the cold-start sensitivity row. */
    static final long COLD_START_WARMUP = 200_000;
    /** Where each comparison publishes its files, under the report directory. */
    static final String CHIP_DIR = "cdr-chip1024";
    static final String WSC_DIR = "cdr-wsc1m";
    static final String WSC_EVERY_CORE_DIR = "cdr-wsc1m-all-active";
    static final String SWEEP_DIR = "cdr-home-restriction";
    static final String PARTITIONS_DIR = "cdr-partitions";
    /** Block counts probed on chip1024: halves, quadrants, 8 x 8 tiles, 4 x 4 tiles (one VM each). */
    static final int[] CHIP_PARTITIONS = {2, 4, 16, 64};
    /** Block counts probed on wsc1m: runs of servers, down to one server each. */
    static final int[] WSC_PARTITIONS = {2, 4, 16, 15_625};

    private final String version;
    private final int warmupThreads;

    /**
     * The part, its rows stamped with this scalebench version, its functional warm-ups on one thread.
     *
     * @param version scalebench's version (the rows' provenance)
     */
    public CdrReproduction(final String version) {
        this(version, 1);
    }

    private CdrReproduction(final String version, final int warmupThreads) {
        this.version = version;
        this.warmupThreads = warmupThreads;
    }

    @Override
    public CdrReproduction withWarmupThreads(final int threads) {
        return new CdrReproduction(version, threads);
    }

    /**
     * One sensitivity point: parameter overrides, and the runs it can change.
     *
     * @param name the row's name
     * @param overrides system parameters replaced
     * @param runs the configurations it reruns (the others cannot change and take the default group's runs)
     * @param warmup its fixed warm-up, counted from at once (a cold start: no settling, whose timed windows would warm
     *     it), or null for the chip comparison's warm-up at the default outside share
     */
    public record Variant(String name, Map<String, String> overrides, List<RunSpec> runs, Long warmup) {
        /** Copies. */
        public Variant {
            overrides = Map.copyOf(overrides);
            runs = List.copyOf(runs);
        }
    }

    /**
     * The sizes of every study of the part.
     *
     * @param chipAccesses counted accesses per chip1024 run
     * @param chipWarmup warm-up of each chip1024 group's first run (the others warm as long)
     * @param chipOutsides the outside shares of the chip1024 comparison (0 and {@link #DEFAULT_OUTSIDE} among them)
     * @param seeds seeds of the chip1024 comparison (the part's seed and the next ones)
     * @param variants the sensitivity points (chip1024)
     * @param wscAccesses counted accesses per wsc1m run
     * @param wscWarmup warm-up of each wsc1m group's first run
     * @param wscActive active 16-core VMs on wsc1m
     * @param wscOutsides the outside shares of the wsc1m comparison (0 and {@link #DEFAULT_OUTSIDE} among them)
     * @param wscCoarseVector whether wsc1m runs coarse-vector-4 (each coarse invalidation is simulated as 16,384 or
     *     more messages)
     * @param wscEveryCore whether wsc1m also runs with every core active: sr+hr against the strongest baseline of the
     *     sampled comparison, each run as {@code coherence compare} runs it by default ({@link RunDefaults})
     * @param sweepSizes cores per domain of the Home Restriction sweep
     * @param sweepAccesses counted accesses per sweep run
     */
    public record Plan(long chipAccesses, Warmup chipWarmup, List<Double> chipOutsides, int seeds,
            List<Variant> variants, long wscAccesses, Warmup wscWarmup, int wscActive, List<Double> wscOutsides,
            boolean wscCoarseVector, boolean wscEveryCore, List<Integer> sweepSizes, long sweepAccesses) {

        /** Copies and checks that the tables' shares are run. */
        public Plan {
            chipOutsides = List.copyOf(chipOutsides);
            variants = List.copyOf(variants);
            wscOutsides = List.copyOf(wscOutsides);
            sweepSizes = List.copyOf(sweepSizes);
            for (final List<Double> shares : List.of(chipOutsides, wscOutsides)) {
                if (!shares.contains(0.0) || !shares.contains(DEFAULT_OUTSIDE)) {
                    throw new IllegalArgumentException("outside shares " + shares + ": must include 0 and "
                            + DEFAULT_OUTSIDE);
                }
            }
            if (seeds < 1) {
                throw new IllegalArgumentException("seeds = " + seeds + ": must be at least 1");
            }
        }

        /**
         * The quick plan: chip1024 at three outside shares and one seed, 1 M counted accesses; seven sensitivity
         * points; wsc1m with 128 active VMs without coarse-vector-4, 500,000 counted accesses; wsc1m with every core
         * active, sr+hr against the strongest baseline.
         *
         * @return the plan
         */
        public static Plan quick() {
            return new Plan(1_000_000, Warmup.untilSteady(40_000_000), List.of(0.0, 1e-4, DEFAULT_OUTSIDE), 1,
                    sensitivityVariants(true), 500_000, Warmup.untilSteady(20_000_000), WSC_ACTIVE_QUICK,
                    List.of(0.0, DEFAULT_OUTSIDE), false, true, List.of(16, 64, 256, 1024), 500_000);
        }

        /**
         * The full plan: chip1024 at five outside shares and three seeds, 10 M counted accesses; eleven sensitivity
         * points; wsc1m with 1,024 active VMs and every baseline, 5 M counted accesses; wsc1m with every core active,
         * sr+hr against the strongest baseline.
         *
         * @return the plan
         */
        public static Plan full() {
            return new Plan(10_000_000, Warmup.untilSteady(40_000_000), List.of(0.0, 1e-5, 1e-4, 1e-3,
                    DEFAULT_OUTSIDE), 3, sensitivityVariants(false), 5_000_000, Warmup.untilSteady(200_000_000),
                    WSC_ACTIVE_FULL, List.of(0.0, 1e-4, DEFAULT_OUTSIDE), true, true, List.of(4, 16, 64, 256, 1024),
                    5_000_000);
        }
    }

    /** What every sensitivity point reruns unless it says otherwise: {@code coherence compare --formats full-map}. */
    static final List<RunSpec> SENSITIVITY_RUNS = Comparison.comparisonRuns(List.of("full-map"));
    /** Outside shares of the partition study: none, and the default. */
    static final List<Double> PARTITION_OUTSIDES = List.of(0.0, DEFAULT_OUTSIDE);
    /** Outside shares of the wsc1m network points: none, and the default. */
    static final List<Double> NETWORK_OUTSIDES = List.of(0.0, DEFAULT_OUTSIDE);

    /** The sensitivity points: one step each way in the full plan, one step in the quick plan. */
    static List<Variant> sensitivityVariants(final boolean quick) {
        final List<RunSpec> sr = List.of(SENSITIVITY_RUNS.get(2), SENSITIVITY_RUNS.get(3));
        final List<Variant> v = new ArrayList<>();
        // a full map has no broadcast state: only sr and sr+hr can change
        v.add(new Variant("B state reset-on-empty", Map.of("b_state", "reset-on-empty"), sr, null));
        if (!quick) { // the map caches serve Sharer and Home Restriction: global runs cannot change
            v.add(new Variant("map caches: RTL used and lock bits", Map.of("map_cache_replacement", "rtl"),
                    SENSITIVITY_RUNS.subList(1, 4), null));
            v.add(new Variant("DRAM 60 cycles", Map.of("memory_cycles", "60"), SENSITIVITY_RUNS, null));
        }
        v.add(new Variant("DRAM 240 cycles", Map.of("memory_cycles", "240"), SENSITIVITY_RUNS, null));
        v.add(new Variant("slices 2 KiB", Map.of("home_slice_kib", "2"), SENSITIVITY_RUNS, null));
        if (!quick) {
            v.add(new Variant("slices 8 KiB", Map.of("home_slice_kib", "8"), SENSITIVITY_RUNS, null));
            v.add(new Variant("think 8 cycles between accesses", Map.of("think_cycles", "8"), SENSITIVITY_RUNS, null));
        }
        // PriME's routers add nothing per hop; a router pipeline of a few stages lengthens the long paths most
        v.add(new Variant("routers 2 cycles per hop", Map.of("router_cycles", "2"), SENSITIVITY_RUNS, null));
        // the default core blocks on each miss; an out-of-order core keeps several misses in flight
        v.add(new Variant("8 misses outstanding per core", Map.of("mshrs_per_core", "8"), SENSITIVITY_RUNS, null));
        v.add(new Variant("no contention", Map.of("contention", "off"), SENSITIVITY_RUNS, null));
        // every multi-target invalidation (a full map's sharers, a broadcast) goes as unicasts, not a multicast tree
        v.add(new Variant("invalidations sent serially", Map.of("invalidation_delivery", "serial"), SENSITIVITY_RUNS,
                null));
        v.add(new Variant("cold start (200,000 accesses of warm-up)", Map.of(), SENSITIVITY_RUNS, COLD_START_WARMUP));
        return v;
    }

    /** The network levels between servers whose round trips and bandwidths the wsc1m network points scale. */
    static final List<String> WSC_NETWORK_LEVELS = List.of("rack", "array", "datacenter");

    /**
     * The wsc1m network points: the round trips and bandwidths of the levels between servers
     * ({@link #WSC_NETWORK_LEVELS}) a factor of 10 and 100 faster than the system file's figures (Barroso and
     * Hoelzle's 100 and 500 microseconds and 100 and 10 MB/s, measured through a 2009 software stack over 1 Gbit/s
     * Ethernet), the server's own memory unchanged. Each reruns global with the baseline format, hr with it and with
     * dir-nb-4, hier and sr+hr at 0% and at the default outside share.
     *
     * @param wsc the warehouse-scale machine whose figures are scaled
     * @return the points
     */
    static List<Variant> wscNetworkVariants(final SystemSpec wsc) {
        final String baseline = wsc.baselineFormat().id();
        final List<RunSpec> runs = List.of(new RunSpec(Scheme.GLOBAL, baseline), new RunSpec(Scheme.HR, baseline),
                new RunSpec(Scheme.HR, "dir-nb-4"), new RunSpec(Scheme.HIER, "hier"), new RunSpec(Scheme.SR_HR,
                        "cdr-sr"));
        return List.of(
                new Variant("network round trips /10", scaledNetwork(wsc, 0.1, 1), runs, null),
                new Variant("network bandwidth x10", scaledNetwork(wsc, 1, 10), runs, null),
                new Variant("network 100x faster (round trips /100, bandwidth x100)", scaledNetwork(wsc, 0.01, 100),
                        runs, null));
    }

    /** The levels' round trips times {@code latency} and bandwidths times {@code bandwidth}, as overrides. */
    private static Map<String, String> scaledNetwork(final SystemSpec wsc, final double latency,
            final double bandwidth) {
        final Map<String, String> overrides = new java.util.TreeMap<>();
        for (final String level : WSC_NETWORK_LEVELS) {
            if (latency != 1) {
                overrides.put(level + "_round_trip_ns", scaled(wsc, level + "_round_trip_ns", latency));
            }
            if (bandwidth != 1) {
                overrides.put(level + "_bandwidth_mbps", scaled(wsc, level + "_bandwidth_mbps", bandwidth));
            }
        }
        return overrides;
    }

    /** A parameter of the system file times a factor, in decimal (100000 x 0.1 is 10000, not 10000.000000000002). */
    private static String scaled(final SystemSpec system, final String parameter, final double factor) {
        return new BigDecimal(system.table().string(parameter)).multiply(BigDecimal.valueOf(factor))
                .stripTrailingZeros().toPlainString();
    }

    @Override
    public String name() {
        return "Coherence Domain Restriction (MICRO 2015)";
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final int jobs,
            final Progress progress) throws Exception {
        return run(dir, quick ? Plan.quick() : Plan.full(), seed, jobs, progress);
    }

    /**
     * The chip1024 comparison of a plan: {@code coherence compare --system chip1024 --workload vm} over the plan's
     * outside shares and seeds.
     *
     * @param plan the plan
     * @param seed the first seed
     * @param provenance the rows' provenance
     * @return the study
     */
    public static CompareStudy chipComparison(final Plan plan, final long seed, final Provenance provenance) {
        final SystemSpec chip = SystemSpec.named("chip1024");
        return new CompareStudy(chip, Comparison.comparisonRuns(chip, Comparison.defaultFormats(chip)),
                WorkloadSpec.vm(), null, plan.chipAccesses(), plan.chipWarmup(), plan.chipOutsides(),
                seeds(seed, plan.seeds()), provenance);
    }

    /**
     * The wsc1m comparison of a plan: {@code coherence compare --system wsc1m --workload vm --active K} over the
     * plan's outside shares, one seed.
     *
     * @param plan the plan
     * @param seed the seed
     * @param provenance the rows' provenance
     * @return the study
     */
    static CompareStudy wscComparison(final Plan plan, final long seed, final Provenance provenance) {
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        return new CompareStudy(wsc, Comparison.comparisonRuns(wsc, wscFormats(plan, wsc)),
                WorkloadSpec.vm().withActive(plan.wscActive()), null, plan.wscAccesses(), plan.wscWarmup(),
                plan.wscOutsides(), List.of(seed), provenance);
    }

    /**
     * wsc1m with every core active (62,500 VMs, 1,000,000 cores): {@code baseline} and sr+hr at the default outside
     * share, run as a group of {@code coherence compare} without {@code --active}, {@code --accesses} and
     * {@code --warmup} runs them ({@link RunDefaults}: 100 counted accesses per core, a functional warm-up until
     * steady, the second run warmed as long as the first).
     *
     * @param wsc the machine
     * @param baseline the baseline run
     * @param seed the seed
     * @param provenance the rows' provenance
     * @param threads host threads for each run's functional warm-up (the rows do not depend on it)
     * @return the study
     * @throws IOException never for a synthetic workload
     */
    public static CompareStudy everyCoreComparison(final SystemSpec wsc, final RunSpec baseline, final long seed,
            final Provenance provenance, final int threads) throws IOException {
        final WorkloadSpec workload = WorkloadSpec.vm();
        final Workload first = workload.build(wsc, seed);
        final long counted = RunDefaults.counted(first, wsc);
        return CompareStudy.single(wsc, List.of(baseline, new RunSpec(Scheme.SR_HR, "cdr-sr")), workload, null, counted,
                RunDefaults.warmup(counted, first).withThreads(threads), seed, provenance);
    }

    private static List<String> wscFormats(final Plan plan, final SystemSpec wsc) {
        return Comparison.defaultFormats(wsc).stream().filter(f -> plan.wscCoarseVector()
                || !f.startsWith("coarse-vector")).toList();
    }

    private static List<Long> seeds(final long first, final int count) {
        final List<Long> seeds = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            seeds.add(first + k);
        }
        return seeds;
    }

    /** Maps the point progress of each study in turn onto one bar over every point of the part. */
    private static final class Steps {
        private final Progress sink;
        private final long total;
        private long done;

        Steps(final Progress sink, final long total) {
            this.sink = sink;
            this.total = total;
        }

        List<List<String>> run(final Study study, final int jobs) throws Exception {
            final List<List<String>> rows = ParallelPoints.runAll(study, jobs,
                    Progress.step(sink, done, study.points(), total));
            done += study.points();
            sink.update(done, total);
            return rows;
        }
    }

    /**
     * Runs the part with a plan.
     *
     * @param dir the report directory
     * @param plan the sizes of the studies
     * @param seed the seed
     * @param jobs threads for the points of each study
     * @param progress progress over every point
     * @return the report section, claims and files
     * @throws Exception when a file cannot be written or a point fails
     */
    public PartResult run(final Path dir, final Plan plan, final long seed, final int jobs, final Progress progress)
            throws Exception {
        final Provenance provenance = Provenance.current(version);
        final List<String> files = new ArrayList<>();
        final List<Claim> claims = new ArrayList<>();
        final StringBuilder md = new StringBuilder();
        final SystemSpec chip = SystemSpec.named("chip1024");
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        storage(dir, chip, wsc, files, claims, md);

        final CompareStudy chipStudy = chipComparison(plan, seed, provenance);
        final CompareStudy wscStudy = wscComparison(plan, seed, provenance);
        final List<Variant> networkVariants = wscNetworkVariants(wsc);
        final long networkRuns = NETWORK_OUTSIDES.size() * networkVariants.stream().mapToLong(v -> v.runs().size()).sum();
        final long points = chipStudy.points() + plan.variants().stream().mapToLong(v -> v.runs().size()).sum()
                + wscStudy.points() + 2 + networkRuns + (plan.wscEveryCore() ? 2 : 0) + 2L * plan.sweepSizes().size()
                + (long) PARTITION_OUTSIDES.size() * (SENSITIVITY_RUNS.size() + Comparison.comparisonRuns(wsc,
                        List.of(wsc.baselineFormat().id())).size());
        final Steps steps = new Steps(progress, points);

        // chip1024: CDR against every baseline over the outside shares and seeds
        final List<List<String>> chipRows = steps.run(chipStudy, jobs);
        files.addAll(publish(dir, CHIP_DIR, chipStudy, chipRows));
        final List<SimulationResult> chipAll = CompareStudy.results(chipRows);
        final List<SimulationResult> chipDefault = group(chipAll, seed, DEFAULT_OUTSIDE);
        final long chipWarm = chipDefault.get(0).warmupAccesses();
        md.append("\n### chip1024, VM consolidation (16-core VMs), every baseline\n\n")
                .append(gridLine(chipStudy, plan.chipOutsides(), plan.seeds(), CHIP_DIR, "--system chip1024 "
                        + "--workload vm", plan.chipAccesses(), plan.chipWarmup(), seed)).append("\n\n")
                .append(warmLine(chipDefault.get(0), plan.chipAccesses())).append("\n\n")
                .append("Verdicts: the throughput of the CDR configuration over the baseline's (above 1, CDR is "
                        + "faster), by outside share")
                .append(plan.seeds() > 1 ? ", the mean of " + plan.seeds() + " seeds with its 95% interval" : "")
                .append(" (`" + CHIP_DIR + "/verdicts.csv`, `" + CHIP_DIR + "/crossovers.csv`).\n\n")
                .append(CdrVerdicts.table(chipStudy.verdicts(chipRows))).append('\n')
                .append("Every configuration at the default outside share (1%, an assumption), seed ").append(seed)
                .append(":\n\n").append(Comparison.resultsTable(chipDefault)).append('\n');
        Comparison.baselineVerdicts(chipDefault).forEach(v -> md.append("- ").append(v).append('\n'));
        md.append("\n![compare](").append(CHIP_DIR).append("/compare.png)\n\n(The figure shows the grid's first "
                + "group: outside share ").append(Numbers.percent(plan.chipOutsides().get(0))).append(", seed ")
                .append(seed).append(".)\n\n");
        md.append("Access latency (cycles) and energy (uJ) by outside share, seed ").append(seed).append(":\n\n")
                .append(outsideTable(chipAll, seed, plan.chipOutsides()));

        // chip1024: sensitivity of the headline numbers
        final List<List<String>> sensitivityRows = new ArrayList<>();
        final Table sensitivity = new Table("variant", "hr: global / hr miss latency", "sr / global energy",
                "sr / global access latency", "sr broadcasts", "sr+hr / global access latency")
                .rightAlign(1, 2, 3, 4, 5);
        sensitivityRow(sensitivity, "default (as the comparison above)", chipDefault);
        for (final double share : plan.chipOutsides()) {
            if (share != DEFAULT_OUTSIDE) {
                sensitivityRow(sensitivity, "outside " + Numbers.percent(share), group(chipAll, seed, share));
            }
        }
        for (final Variant v : plan.variants()) {
            final CompareStudy study = CompareStudy.single(chip.with(v.overrides(), "sensitivity: " + v.name()),
                    v.runs(), WorkloadSpec.vm(), null, plan.chipAccesses(),
                    v.warmup() == null ? Warmup.fixed(chipWarm) : Warmup.fixed(v.warmup()).withoutSettling(), seed,
                    provenance);
            final List<List<String>> rows = steps.run(study, jobs);
            rows.forEach(r -> sensitivityRows.add(withVariant(v.name(), r)));
            final List<SimulationResult> rs = new ArrayList<>(CompareStudy.results(rows));
            for (final RunSpec unaffected : SENSITIVITY_RUNS) {
                // a variant that cannot change a configuration (the B state of a full map) takes its default run
                if (!v.runs().contains(unaffected)) {
                    rs.add(Comparison.find(chipDefault, unaffected.scheme().id(), unaffected.format()));
                }
            }
            sensitivityRow(sensitivity, v.name(), rs);
        }
        writeVariants(dir.resolve("sensitivity-chip1024.csv"), chipStudy, sensitivityRows);
        files.add("sensitivity-chip1024.csv");
        md.append("\n### chip1024: sensitivity of the headline numbers\n\n")
                .append("Each row changes one assumption of the default row (1% outside, B state sticky, DRAM 120 "
                        + "cycles, 64 KiB slices, contention on, 2 think cycles between accesses, cores blocking on each "
                        + "miss, LRU map caches, "
                        + "warmed as the default group) and reruns global (full-map), hr (full-map), sr and sr+hr on "
                        + "the same stream (`coherence compare --formats full-map --warmup ").append(chipWarm)
                .append(" --set NAME=VALUE`; the B-state row only sr and sr+hr: a full map has no broadcast state; "
                        + "the map-cache row not global, which uses no map cache). Rows in "
                        + "`sensitivity-chip1024.csv`.\n\n")
                .append(sensitivity.markdown());

        final SimulationResult global = Comparison.find(chipDefault, "global", "full-map");
        final SimulationResult hr = Comparison.find(chipDefault, "hr", "full-map");
        final SimulationResult sr = Comparison.find(chipDefault, "sr", "cdr-sr");
        final SimulationResult both = Comparison.find(chipDefault, "sr+hr", "cdr-sr");
        final SimulationResult bestChip = Comparison.bestBaseline(chipDefault);
        final List<SimulationResult> chipZero = group(chipAll, seed, 0.0);
        claims.add(new Claim("Home Restriction: localized communication, higher performance (chip1024, vm, warm)",
                "lower latency, local traffic (abstract)",
                String.format(Locale.ROOT, "miss latency %.1f -> %.1f cycles (full-map), flit-hops/access %.1f -> %.1f",
                        global.avgMissLatencyCycles(), hr.avgMissLatencyCycles(), perAccess(global), perAccess(hr)),
                String.format(Locale.ROOT, "%.2fx lower latency, %.2fx less traffic",
                        global.avgMissLatencyCycles() / hr.avgMissLatencyCycles(), perAccess(global) / perAccess(hr))));
        claims.add(new Claim("Sharer Restriction: low storage and energy overhead (chip1024, vm, warm)",
                "low storage and energy (abstract)",
                String.format(Locale.ROOT, "directory %.1f -> %.1f MiB with tags; energy %s -> %s uJ; %,d broadcasts "
                        + "at 1%% outside", Numbers.mib(global.directoryBitsWithTags()),
                        Numbers.mib(sr.directoryBitsWithTags()), Numbers.microjoules(global.energyNanojoules()),
                        Numbers.microjoules(sr.energyNanojoules()), sr.broadcasts()),
                String.format(Locale.ROOT, "%.1fx less storage; energy x%.2f at 1%% outside, x%.2f at 0%%",
                        (double) global.directoryBitsWithTags() / sr.directoryBitsWithTags(),
                        sr.energyNanojoules() / global.energyNanojoules(),
                        Comparison.find(chipZero, "sr", "cdr-sr").energyNanojoules()
                                / Comparison.find(chipZero, "global", "full-map").energyNanojoules())));
        claims.add(new Claim("Both restrictions against the best baseline (chip1024, vm, warm)",
                "not quantified in the abstract",
                String.format(Locale.ROOT, "access latency: sr+hr %.2f, best baseline %s %.2f cycles",
                        both.avgAccessLatencyCycles(), Comparison.label(bestChip), bestChip.avgAccessLatencyCycles()),
                String.format(Locale.ROOT, "sr+hr x%.2f the best baseline's access latency",
                        both.avgAccessLatencyCycles() / bestChip.avgAccessLatencyCycles())));

        // wsc1m
        final List<List<String>> wscRows = steps.run(wscStudy, jobs);
        files.addAll(publish(dir, WSC_DIR, wscStudy, wscRows));
        final List<SimulationResult> wscAll = CompareStudy.results(wscRows);
        final List<SimulationResult> wscDefault = group(wscAll, seed, DEFAULT_OUTSIDE);
        final String wscBaseline = wsc.baselineFormat().id();
        final CompareStudy wscReset = CompareStudy.single(wsc.with(Map.of("b_state", "reset-on-empty"),
                "sensitivity: B state"), List.of(new RunSpec(Scheme.GLOBAL, wscBaseline),
                new RunSpec(Scheme.SR_HR, "cdr-sr")),
                WorkloadSpec.vm().withActive(plan.wscActive()), null, plan.wscAccesses(),
                Warmup.fixed(wscDefault.get(0).warmupAccesses()), seed, provenance);
        final List<List<String>> wscResetRows = steps.run(wscReset, jobs);
        final List<SimulationResult> wscResetRuns = CompareStudy.results(wscResetRows);
        final List<List<String>> wscSensitivityRows = new ArrayList<>(wscResetRows.stream()
                .map(r -> withVariant("B state reset-on-empty", r)).toList());
        final Table network = new Table("variant", "outside", "global/" + wscBaseline, "strongest baseline", "sr+hr",
                "sr+hr against global", "sr+hr against the strongest").rightAlign(1, 2, 4, 5, 6);
        for (final double share : NETWORK_OUTSIDES) {
            final List<SimulationResult> defaults = group(wscAll, seed, share);
            networkRow(network, "default (the system file)", share, defaults.stream()
                    .filter(r -> networkVariants.get(0).runs().contains(new RunSpec(Scheme.parse(r.scheme()),
                            r.format()))).toList());
        }
        for (final Variant v : networkVariants) {
            for (final double share : NETWORK_OUTSIDES) {
                final CompareStudy study = new CompareStudy(wsc.with(v.overrides(), "sensitivity: " + v.name()),
                        v.runs(), WorkloadSpec.vm().withActive(plan.wscActive()), null, plan.wscAccesses(),
                        Warmup.fixed(group(wscAll, seed, share).get(0).warmupAccesses()), List.of(share),
                        List.of(seed), provenance);
                final List<List<String>> rows = steps.run(study, jobs);
                rows.forEach(r -> wscSensitivityRows.add(withVariant(v.name(), r)));
                networkRow(network, v.name(), share, CompareStudy.results(rows));
            }
        }
        writeVariants(dir.resolve("sensitivity-wsc1m.csv"), wscStudy, wscSensitivityRows);
        files.add("sensitivity-wsc1m.csv");
        md.append("\n### wsc1m (1,000,000 cores), VM consolidation, every baseline\n\n")
                .append(String.format(Locale.ROOT, "%,d of the 62,500 VMs active (%,d cores spread over the machine; "
                        + "the other cores idle, homes, broadcasts and storage those of the whole machine: this "
                        + "lightens the load on globally interleaved homes, see the omissions). ", plan.wscActive(),
                        16 * plan.wscActive()))
                .append(plan.wscCoarseVector() ? "" : "coarse-vector-4 runs only with --full (each coarse "
                        + "invalidation is simulated as 16,384 or more messages). ")
                .append(gridLine(wscStudy, plan.wscOutsides(), 1, WSC_DIR, "--system wsc1m --workload vm --active "
                        + plan.wscActive() + " --formats " + String.join(",", wscFormats(plan, wsc)),
                        plan.wscAccesses(), plan.wscWarmup(), seed)).append("\n\n")
                .append(warmLine(wscDefault.get(0), plan.wscAccesses())).append("\n\n")
                .append(CdrVerdicts.table(wscStudy.verdicts(wscRows))).append('\n')
                .append("Every configuration at the default outside share (1%):\n\n")
                .append(Comparison.resultsTable(wscDefault)).append('\n');
        Comparison.baselineVerdicts(wscDefault).forEach(v -> md.append("- ").append(v).append('\n'));
        md.append("\n![compare wsc1m](").append(WSC_DIR).append("/compare.png)\n\n(The figure shows outside share ")
                .append(Numbers.percent(plan.wscOutsides().get(0))).append(".)\n\n")
                .append("Access latency (cycles) and energy (uJ) by outside share:\n\n")
                .append(outsideTable(wscAll, seed, plan.wscOutsides()))
                .append(String.format(Locale.ROOT, "%nWith `--b-state reset-on-empty` (1%% outside, "
                        + "`sensitivity-wsc1m.csv`): global/%s %s cycles, sr+hr %s cycles of access latency, %,d and "
                        + "%,d broadcasts.%n", wscBaseline,
                        Numbers.cycles(wscResetRuns.get(0).avgAccessLatencyCycles()),
                        Numbers.cycles(wscResetRuns.get(1).avgAccessLatencyCycles()),
                        wscResetRuns.get(0).broadcasts(), wscResetRuns.get(1).broadcasts()))
                .append("\n### wsc1m: sensitivity to the network between servers\n\n")
                .append("The system file's rack, array and datacenter round trips (100, 500 and 500 microseconds) and "
                        + "bandwidths (100, 10 and 10 MB/s) are Barroso and Hoelzle's 2009 figures, measured through a "
                        + "software network stack over 1 Gbit/s Ethernet. Each row scales them (`--set "
                        + "rack_round_trip_ns=...` and the others; the server's own memory unchanged) and reruns "
                        + "global/").append(wscBaseline).append(", hr/").append(wscBaseline)
                .append(", hr/dir-nb-4, hier and sr+hr on the comparison's stream, warmed as its group. Access "
                        + "latency in cycles; the ratios are the baseline's access latency over sr+hr's (above 1, "
                        + "sr+hr is faster). Rows in `sensitivity-wsc1m.csv`.\n\n")
                .append(network.markdown());

        final SimulationResult wg = Comparison.find(wscDefault, "global", wscBaseline);
        final SimulationResult wb = Comparison.find(wscDefault, "sr+hr", "cdr-sr");
        final SimulationResult bestWsc = Comparison.bestBaseline(wscDefault);
        final List<SimulationResult> wscZero = group(wscAll, seed, 0.0);
        final SimulationResult wg0 = Comparison.find(wscZero, "global", wscBaseline);
        final SimulationResult wb0 = Comparison.find(wscZero, "sr+hr", "cdr-sr");
        claims.add(new Claim("CDR on a 1,000,000-core warehouse-scale computer (wsc1m, vm, warm)",
                "shared memory made affordable (abstract)",
                String.format(Locale.ROOT, "miss latency global/%s %s -> sr+hr %s cycles at 1%% outside, %s -> %s at "
                        + "0%%; best baseline %s %s", wg.format(), Numbers.cycles(wg.avgMissLatencyCycles()),
                        Numbers.cycles(wb.avgMissLatencyCycles()), Numbers.cycles(wg0.avgMissLatencyCycles()),
                        Numbers.cycles(wb0.avgMissLatencyCycles()), Comparison.label(bestWsc),
                        Numbers.cycles(bestWsc.avgMissLatencyCycles())),
                String.format(Locale.ROOT, "sr+hr against global/%s: %s at 1%% outside, %s at 0%%; x%s the best "
                        + "baseline's access latency at 1%%", wg.format(),
                        speedup(wg.avgMissLatencyCycles() / wb.avgMissLatencyCycles()),
                        speedup(wg0.avgMissLatencyCycles() / wb0.avgMissLatencyCycles()),
                        Numbers.cycles(wb.avgAccessLatencyCycles() / bestWsc.avgAccessLatencyCycles()))));

        if (plan.wscEveryCore()) {
            everyCore(dir, wsc, bestWsc, seed, provenance, steps, jobs, warmupThreads, files, claims, md);
        }

        // one run on many host threads: what a partition of the machine would share with the others
        final PartitionStudy chipPartitions = new PartitionStudy(chip, SENSITIVITY_RUNS, WorkloadSpec.vm(),
                PARTITION_OUTSIDES, CHIP_PARTITIONS, plan.chipAccesses(), Warmup.fixed(chipWarm), seed);
        final PartitionStudy wscPartitions = new PartitionStudy(wsc, Comparison.comparisonRuns(wsc,
                List.of(wscBaseline)), WorkloadSpec.vm().withActive(plan.wscActive()), PARTITION_OUTSIDES,
                WSC_PARTITIONS, plan.wscAccesses(), Warmup.fixed(wscDefault.get(0).warmupAccesses()), seed);
        final List<List<String>> partitionRows = new ArrayList<>(steps.run(chipPartitions, jobs));
        partitionRows.addAll(steps.run(wscPartitions, jobs));
        files.addAll(publish(dir, PARTITIONS_DIR, chipPartitions, partitionRows));
        md.append("\n### One run on many host threads: what a partition of the machine would share\n\n")
                .append("Each configuration reruns the comparison's stream (same warm-up, same counted accesses) with "
                        + "a partition probe (`coherence simulate --partitions`): the machine cut into blocks (chip1024: "
                        + "equal rectangles of tiles; wsc1m: runs of consecutive servers), one host thread per block. "
                        + "A transaction crosses when it reaches a node outside its requester's block (home, owner, "
                        + "sharer invalidated, memory controller, broadcast); the lookahead is the shortest control "
                        + "message between blocks (-: none crossed); the speedup bound counts a transaction as one unit of "
                        + "work and a hit as none, runs the crossing transactions one after another and the blocks' "
                        + "local ones in parallel, the busiest block setting the pace (Amdahl's law with the load's "
                        + "imbalance; synchronisation not counted; `").append(PARTITIONS_DIR).append("/partitions.csv`).\n\n")
                .append(PartitionStudy.table(partitionRows));

        // Home Restriction vs domain size, each global run warmed as the chip comparison's default group
        final SweepStudy sweep = new SweepStudy(chip, plan.sweepSizes(), plan.sweepAccesses(), Warmup.fixed(chipWarm),
                Long.toString(chipWarm), seed, provenance);
        final List<List<String>> sweepRows = steps.run(sweep, jobs);
        files.addAll(publish(dir, SWEEP_DIR, sweep, sweepRows));
        final Table sweepTable = new Table("cores per domain", "homes", "global miss latency", "hr miss latency",
                "ratio", "hr home hit rate").rightAlign(0, 1, 2, 3, 4, 5);
        for (final SweepStudy.SweepPoint p : SweepStudy.points(sweepRows)) {
            sweepTable.row(Integer.toString(p.domainCores()), Integer.toString(p.homes()),
                    String.format(Locale.ROOT, "%.1f", p.global().avgMissLatencyCycles()),
                    String.format(Locale.ROOT, "%.1f", p.restricted().avgMissLatencyCycles()),
                    Numbers.times(p.global().avgMissLatencyCycles() / p.restricted().avgMissLatencyCycles()),
                    String.format(Locale.ROOT, "%.4f", p.restricted().homeHitRate()));
        }
        md.append("\n### Home Restriction vs domain size (chip1024, full-map, warm)\n\n")
                .append("A `coherence sweep` study (`").append(SWEEP_DIR).append("/`): `scalebench coherence sweep "
                        + "--system chip1024 --sizes ").append(plan.sweepSizes().stream().map(String::valueOf)
                        .collect(Collectors.joining(","))).append(" --accesses ").append(plan.sweepAccesses())
                .append(" --warmup ").append(chipWarm).append(" --seed ").append(seed).append(" --out ")
                .append(SWEEP_DIR)
                .append("` (each global run "
                        + "warmed as the chip1024 comparison's default group, its Home Restriction run as long).\n\n")
                .append("![home restriction](").append(SWEEP_DIR).append("/home-restriction.png)\n\n")
                .append(sweepTable.markdown());
        md.append("\nEnergy model: ").append(chip.energyModel().describe()).append(".\n");
        claims.add(new Claim("The abstract's quantitative sentence (\"Sharer Restriction results in ...\")",
                "cut off in every public copy", "-", "cannot be compared"));
        return new PartResult(md.toString(), claims, files);
    }

    /** wsc1m with every core active: sr+hr against the strongest baseline of the sampled comparison. */
    private static void everyCore(final Path dir, final SystemSpec wsc, final SimulationResult strongest,
            final long seed, final Provenance provenance, final Steps steps, final int jobs, final int threads,
            final List<String> files, final List<Claim> claims, final StringBuilder md) throws Exception {
        final RunSpec baseline = new RunSpec(Scheme.parse(strongest.scheme()), strongest.format());
        final CompareStudy study = everyCoreComparison(wsc, baseline, seed, provenance, threads);
        final List<List<String>> rows = steps.run(study, jobs);
        files.addAll(publish(dir, WSC_EVERY_CORE_DIR, study, rows));
        final List<SimulationResult> runs = CompareStudy.results(rows);
        final SimulationResult base = runs.get(0);
        final SimulationResult cdr = runs.get(1);
        md.append("\n### wsc1m with every core active (62,500 VMs, 1,000,000 cores)\n\n")
                .append(String.format(Locale.ROOT, "sr+hr against %s, the strongest baseline of the sampled comparison "
                        + "above at 1%% outside, as `coherence compare --system wsc1m --workload vm --seed %d` runs a "
                        + "group by default (`%s/`): %,d counted accesses (%d per core); the first run warmed until "
                        + "steady (%,d accesses: functional windows of 1,024 accesses per core, then %d timed "
                        + "accesses per core), the second as long. The runs took %.0f s and %.0f s of simulation, "
                        + "each on one host thread.%n%n", Comparison.label(base), seed, WSC_EVERY_CORE_DIR,
                        base.accesses(), RunDefaults.COUNTED_PER_CORE, base.warmupAccesses(), Warmup.TAIL_PER_CORE,
                        base.simSeconds(), cdr.simSeconds()))
                .append(Comparison.resultsTable(runs)).append('\n');
        Comparison.baselineVerdicts(runs).forEach(v -> md.append("- ").append(v).append('\n'));
        claims.add(new Claim("CDR with every core of the 1,000,000-core warehouse-scale computer active (wsc1m, vm, "
                + "warm)", "shared memory made affordable (abstract)",
                String.format(Locale.ROOT, "access latency %s %s -> sr+hr %s cycles; miss latency %s -> %s cycles",
                        Comparison.label(base), Numbers.cycles(base.avgAccessLatencyCycles()),
                        Numbers.cycles(cdr.avgAccessLatencyCycles()), Numbers.cycles(base.avgMissLatencyCycles()),
                        Numbers.cycles(cdr.avgMissLatencyCycles())),
                String.format(Locale.ROOT, "sr+hr x%s the strongest sampled baseline's access latency",
                        Numbers.cycles(cdr.avgAccessLatencyCycles() / base.avgAccessLatencyCycles()))));
    }

    /** Publishes a study's files into a subdirectory of the report; returns their names under the report. */
    private static List<String> publish(final Path dir, final String sub, final Study study,
            final List<List<String>> rows) throws IOException {
        final Path into = Files.createDirectories(dir.resolve(sub));
        return study.publish(into, rows).stream().map(f -> sub + "/" + f).toList();
    }

    /** The results of one group of a comparison grid: one seed, one outside share, in configuration order. */
    static List<SimulationResult> group(final List<SimulationResult> results, final long seed, final double outside) {
        final List<SimulationResult> group = results.stream().filter(r -> r.seed() == seed
                && r.outside() == outside).toList();
        if (group.isEmpty()) {
            throw new IllegalStateException("no runs at seed " + seed + " and outside share " + outside);
        }
        return group;
    }

    private static List<String> withVariant(final String variant, final List<String> row) {
        final List<String> cells = new ArrayList<>();
        cells.add(variant);
        cells.addAll(row);
        return cells;
    }

    private static void writeVariants(final Path file, final CompareStudy study, final List<List<String>> rows)
            throws IOException {
        final List<String> columns = new ArrayList<>();
        columns.add("variant");
        columns.addAll(study.columns());
        CsvFiles.write(file, columns, rows);
    }

    /** What the grid ran and the command line that runs it. */
    private static String gridLine(final CompareStudy study, final List<Double> shares, final int seeds,
            final String sub, final String what, final long accesses, final Warmup warmup, final long seed) {
        return String.format(Locale.ROOT, "A `coherence compare` study of %,d runs (`%s/`): every configuration at "
                + "outside shares %s%s, each group of one share and seed on one access stream. `scalebench coherence "
                + "compare %s --accesses %d --warmup %s --outsides %s --seed %d%s --out %s`.", study.points(), sub,
                shares.stream().map(Numbers::percent).collect(Collectors.joining(", ")),
                seeds > 1 ? " and " + seeds + " seeds" : "", what, accesses, warmupOption(warmup),
                shares.stream().map(MeasurementFormat::plain).collect(Collectors.joining(",")), seed,
                seeds > 1 ? " --seeds " + seeds : "", sub);
    }

    /** A warm-up plan as {@code --warmup} takes it. */
    static String warmupOption(final Warmup warmup) {
        return warmup.untilSteady() ? "steady:" + warmup.max() : Long.toString(warmup.max());
    }

    /** The storage section: cores and sharer domains, tags and map caches. */
    private static void storage(final Path dir, final SystemSpec chip, final SystemSpec wsc, final List<String> files,
            final List<Claim> claims, final StringBuilder md) throws IOException {
        final StorageModel model = chip.storageModel();
        final StorageModel wscModel = wsc.storageModel();
        final int million = 1 << 20;
        final List<StorageFigures.StorageRow> storage = StorageFigures.storage(model, StorageFigures.FORMATS,
                StorageFigures.CORES);
        final List<StorageFigures.StorageRow> byDomains = StorageFigures.byDomains(wscModel, million,
                StorageFigures.DOMAINS);
        final List<StorageFigures.StorageRow> all = new ArrayList<>(storage);
        all.addAll(byDomains);
        StorageFigures.write(dir.resolve("storage.csv"), all);
        StorageFigures.plot(dir.resolve("storage.png"), storage, byDomains, wscModel);
        files.add("storage.csv");
        files.add("storage.png");
        final Table table = new Table("format", "1,024 cores (D = 1,024)", "with tag", "SMC + HMC bits per tile",
                "1,048,576 cores (D = 65,536)", "with tag", "SMC + HMC bits per tile").rightAlign(1, 2, 3, 4, 5, 6);
        for (final String f : StorageFigures.FORMATS) {
            final FormatSpec spec = FormatSpec.parse(f);
            table.row(f, Numbers.count(model.bitsPerEntry(spec, 1024)), Numbers.count(model.entryBitsWithTag(spec,
                    1024)), Numbers.count(model.sharerMapCacheBits(spec, 1024)) + " + "
                            + Numbers.count(model.homeMapCacheBits(1024)),
                    Numbers.count(wscModel.bitsPerEntry(spec, million)),
                    Numbers.count(wscModel.entryBitsWithTag(spec, million)),
                    Numbers.count(wscModel.sharerMapCacheBits(spec, million)) + " + "
                            + Numbers.count(wscModel.homeMapCacheBits(million)));
        }
        md.append("### Directory storage\n\n![storage](storage.png)\n\n")
                .append(String.format(Locale.ROOT, "Bits per directory entry: sharer field + 2 state bits, then with "
                        + "the address tag (chip1024: %d bits, 1,024 sharer domains; wsc1m: %d bits, 65,536 sharer "
                        + "domains). Map caches per tile: the Sharer Map Cache (cdr-sr, per home slice) and the Home Map "
                        + "Cache (Home Restriction, per core).%n%n", model.tagBits(), wscModel.tagBits()))
                .append(table.markdown());
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        final long small = model.bitsPerEntry(cdr, 16);
        final long large = model.bitsPerEntry(cdr, million);
        claims.add(new Claim("Sharer Restriction: constant directory storage as core count grows",
                "constant (abstract)", String.format(Locale.ROOT, "cdr-sr %d bits/entry at 16 and %d at 1,048,576 "
                        + "cores for D = 1,024 sharer domains; %d at D = 65,536 (wsc1m's 62,500 VMs); + %d-%d tag bits",
                        small, large, wscModel.bitsPerEntry(cdr, million), model.tagBits(), wscModel.tagBits()),
                small == large ? "constant in N for a fixed D; grows as log2 D" : "not constant"));
    }

    private static String warmLine(final SimulationResult first, final long accesses) {
        return String.format(Locale.ROOT, "Warm-up at the default share: %,d accesses, the miss rate %s (it changed by "
                + "at most %.0f%% between consecutive windows of 1,024 accesses per issuing core, twice); then %,d "
                + "counted accesses per run, every run of a group on the same stream, warmed as long as its first.",
                first.warmupAccesses(), first.warmupSteady() ? "steady" : "NOT steady (a cold start)",
                100 * Warmup.DEFAULT_TOLERANCE, accesses);
    }

    /** Access latency and energy of every configuration (of the first share's group) at each outside share. */
    private static String outsideTable(final List<SimulationResult> all, final long seed, final List<Double> shares) {
        final List<String> header = new ArrayList<>(List.of("configuration"));
        for (final double share : shares) {
            header.add(Numbers.percent(share) + ": access latency");
            header.add("energy uJ");
        }
        final Table table = new Table(header.toArray(String[]::new));
        final int[] numbers = new int[2 * shares.size()];
        Arrays.setAll(numbers, i -> i + 1);
        table.rightAlign(numbers);
        final List<SimulationResult> first = group(all, seed, shares.get(0));
        for (int i = 0; i < first.size(); i++) {
            final List<String> cells = new ArrayList<>(List.of(Comparison.label(first.get(i))));
            for (final double share : shares) {
                final SimulationResult r = group(all, seed, share).get(i);
                cells.add(Numbers.cycles(r.avgAccessLatencyCycles()));
                cells.add(Numbers.microjoules(r.energyNanojoules()));
            }
            table.row(cells.toArray(String[]::new));
        }
        return table.markdown();
    }

    private static void sensitivityRow(final Table table, final String name, final List<SimulationResult> rs) {
        final SimulationResult g = Comparison.find(rs, "global", "full-map");
        final SimulationResult h = Comparison.find(rs, "hr", "full-map");
        final SimulationResult s = Comparison.find(rs, "sr", "cdr-sr");
        final SimulationResult b = Comparison.find(rs, "sr+hr", "cdr-sr");
        table.row(name, Numbers.times(g.avgMissLatencyCycles() / h.avgMissLatencyCycles()),
                Numbers.times(s.energyNanojoules() / g.energyNanojoules()),
                Numbers.times(s.avgAccessLatencyCycles() / g.avgAccessLatencyCycles()), Numbers.count(s.broadcasts()),
                Numbers.times(b.avgAccessLatencyCycles() / g.avgAccessLatencyCycles()));
    }

    /** One row of the network sensitivity table: global with the baseline format, the strongest baseline, sr+hr. */
    private static void networkRow(final Table table, final String name, final double share,
            final List<SimulationResult> rs) {
        final SimulationResult both = Comparison.find(rs, "sr+hr", "cdr-sr");
        final SimulationResult global = rs.stream().filter(r -> r.scheme().equals("global")).findFirst().orElseThrow();
        final SimulationResult best = Comparison.bestBaseline(rs);
        table.row(name, Numbers.percent(share), Numbers.cycles(global.avgAccessLatencyCycles()),
                Comparison.label(best) + " " + Numbers.cycles(best.avgAccessLatencyCycles()),
                Numbers.cycles(both.avgAccessLatencyCycles()),
                ratio(global.avgAccessLatencyCycles() / both.avgAccessLatencyCycles()),
                ratio(best.avgAccessLatencyCycles() / both.avgAccessLatencyCycles()));
    }

    /** A ratio for people: two decimals below 100, whole with thousands separators above. */
    private static String ratio(final double v) {
        return v >= 100 ? Numbers.cycles(v) + "x" : Numbers.times(v);
    }

    /** A latency ratio (baseline / CDR) as "N x faster" or "N x slower". */
    private static String speedup(final double ratio) {
        return ratio >= 1 ? Numbers.cycles(ratio) + "x faster" : Numbers.cycles(1 / ratio) + "x slower";
    }

    private static double perAccess(final SimulationResult r) {
        return (double) r.flitHops() / r.accesses();
    }
}

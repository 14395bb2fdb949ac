package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.bench.coherence.CoherenceExperiments.RunSpec;
import org.scalebench.bench.coherence.CoherenceExperiments.WorkloadSpec;
import org.scalebench.bench.io.Progress;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The CDR part of {@code scalebench reproduce}: the storage figures (cores and sharer domains, tags and
 * map caches counted), CDR against every baseline format on chip1024 and wsc1m (warm machines, DRAM and
 * contention on), the outside fraction swept at 0, 0.1% and 1% on both machines, a sensitivity table of the
 * headline numbers (B-state policy, DRAM latency, slice capacity, contention, warm-up), and the Home
 * Restriction domain-size sweep. The paper's figures are not public; its claims are the abstract's, and the
 * report puts scalebench's numbers beside them.
 */
public final class CdrReproduction implements ReproductionPart {

    /** Counted accesses per chip1024 run: quick / full. */
    private static final long CHIP_QUICK = 1_000_000;
    private static final long CHIP_FULL = 10_000_000;
    /** Most warm-up accesses per chip1024 run (steady is usually reached long before). */
    private static final long CHIP_WARM_MAX = 40_000_000;
    /** Counted accesses per wsc1m run: quick / full. */
    private static final long WSC_QUICK = 500_000;
    private static final long WSC_FULL = 5_000_000;
    /**
     * Active 16-core VMs on wsc1m: quick samples 128 of the 62,500, full 1,024 (all of them would need about a
     * billion accesses of warm-up per run: the criterion's window is 1,024 accesses per active core).
     */
    private static final int WSC_ACTIVE_QUICK = 128;
    private static final int WSC_ACTIVE_FULL = 1024;
    private static final long WSC_WARM_MAX_QUICK = 20_000_000;
    private static final long WSC_WARM_MAX_FULL = 200_000_000;
    /** The configurations each sensitivity point reruns. */
    private static final List<RunSpec> SENSITIVITY_RUNS = List.of(new RunSpec(Scheme.GLOBAL, "full-map"),
            new RunSpec(Scheme.SR, "cdr-sr"), new RunSpec(Scheme.HR, "full-map"), new RunSpec(Scheme.SR_HR, "cdr-sr"));

    /**
     * One sensitivity point: parameter overrides, a warm-up, and the runs it can change (empty: all).
     *
     * @param name the row's name
     * @param overrides system parameters replaced
     * @param warmup the warm-up
     * @param runs the configurations it reruns (the others cannot change and reuse the default runs)
     */
    private record Variant(String name, Map<String, String> overrides, Warmup warmup, List<RunSpec> runs) {
    }

    /** The sensitivity points: one step each way in --full, one step in --quick. */
    private static List<Variant> variants(final boolean quick, final SystemSpec chip, final Warmup warm) {
        final List<RunSpec> cdrOnly = List.of(new RunSpec(Scheme.SR, "cdr-sr"), new RunSpec(Scheme.SR_HR, "cdr-sr"));
        final List<Variant> v = new ArrayList<>();
        v.add(new Variant("B state reset-on-empty", Map.of("b_state", "reset-on-empty"), warm, cdrOnly));
        if (!quick) { // the map caches serve Sharer and Home Restriction: global runs cannot change
            v.add(new Variant("map caches: RTL used and lock bits", Map.of("map_cache_replacement", "rtl"), warm,
                    List.of(new RunSpec(Scheme.SR, "cdr-sr"), new RunSpec(Scheme.HR, "full-map"),
                            new RunSpec(Scheme.SR_HR, "cdr-sr"))));
        }
        if (!quick) {
            v.add(new Variant("DRAM 60 cycles", Map.of("memory_cycles", "60"), warm, List.of()));
        }
        v.add(new Variant("DRAM 240 cycles", Map.of("memory_cycles", "240"), warm, List.of()));
        v.add(new Variant("slices 2 KiB", Map.of("home_slice_kib", "2"), warm, List.of()));
        if (!quick) {
            v.add(new Variant("slices 8 KiB", Map.of("home_slice_kib", "8"), warm, List.of()));
            v.add(new Variant("think 8 cycles between accesses", Map.of("think_cycles", "8"), warm, List.of()));
        }
        v.add(new Variant("no contention", Map.of("contention", "off"), warm, List.of()));
        v.add(new Variant("cold start (200,000 accesses of warm-up)", Map.of(), Warmup.fixed(200_000),
                List.of()));
        return v;
    }

    /** The outside-domain fractions swept, and the workloads' default (an assumption). */
    private static final List<Double> OUTSIDE = List.of(0.0, 0.001, 0.01);
    private static final double DEFAULT_OUTSIDE = 0.01;

    @Override
    public String name() {
        return "Coherence Domain Restriction (MICRO 2015)";
    }

    /** Maps every run's progress onto one bar whose total is an estimate. */
    private static final class Tracker {
        private final Progress sink;
        private final long planned;
        private long base;

        Tracker(final Progress sink, final long planned) {
            this.sink = sink;
            this.planned = planned;
        }

        Progress run() {
            final long b = base;
            return (done, total) -> sink.update(Math.min(planned, b + done), planned);
        }

        void finished(final List<SimulationResult> results) {
            for (final SimulationResult r : results) {
                base += r.warmupAccesses() + r.accesses();
            }
        }
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final Progress progress)
            throws IOException {
        final List<String> files = new ArrayList<>();
        final List<Claim> claims = new ArrayList<>();
        final StringBuilder md = new StringBuilder();
        final SystemSpec chip = SystemSpec.named("chip1024");
        final SystemSpec wsc = SystemSpec.named("wsc1m");

        storage(dir, chip, wsc, files, claims, md);

        final long chipAccesses = quick ? CHIP_QUICK : CHIP_FULL;
        final long wscAccesses = quick ? WSC_QUICK : WSC_FULL;
        final int wscActive = quick ? WSC_ACTIVE_QUICK : WSC_ACTIVE_FULL;
        final long planned = (quick ? 48 : 70) * (chipAccesses + 7_000_000L) + 16 * (wscAccesses + 6_300_000L);
        final Tracker tracker = new Tracker(progress, planned);

        // chip1024: CDR against every baseline, warm until steady
        final WorkloadSpec vm = WorkloadSpec.vm();
        final List<SimulationResult> chipRuns = CoherenceExperiments.compare(chip,
                CoherenceExperiments.comparisonRuns(CoherenceExperiments.defaultFormats(chip)), vm, null, chipAccesses,
                Warmup.untilSteady(CHIP_WARM_MAX), seed, tracker.run());
        tracker.finished(chipRuns);
        final Warmup chipWarm = Warmup.fixed(chipRuns.get(0).warmupAccesses());
        CoherenceExperiments.writeResults(dir.resolve("compare-chip1024.csv"), chipRuns);
        CoherenceExperiments.plotCompare(dir.resolve("compare-chip1024.png"), chipRuns);
        files.add("compare-chip1024.csv");
        files.add("compare-chip1024.png");
        md.append("\n### chip1024, VM consolidation (16-core VMs), every baseline\n\n")
                .append(warmLine(chipRuns.get(0), chipAccesses)).append("\n\n![compare](compare-chip1024.png)\n\n")
                .append(CoherenceExperiments.resultsTable(chipRuns)).append('\n');
        CoherenceExperiments.baselineVerdicts(chipRuns).forEach(v -> md.append("- ").append(v).append('\n'));

        // chip1024: the outside fraction swept
        final List<RunSpec> outsideRuns = List.of(new RunSpec(Scheme.GLOBAL, "full-map"),
                new RunSpec(Scheme.HR, "full-map"), new RunSpec(Scheme.HR, "dir-nb-4"), new RunSpec(Scheme.SR, "cdr-sr"),
                new RunSpec(Scheme.SR_HR, "cdr-sr"));
        final Map<Double, List<SimulationResult>> chipOutside = outsideSweep(chip, outsideRuns, vm, chipRuns,
                chipAccesses, chipWarm, seed, tracker);
        final List<SimulationResult> chipOutsideAll = new ArrayList<>();
        chipOutside.values().forEach(chipOutsideAll::addAll);
        CoherenceExperiments.writeResults(dir.resolve("outside-chip1024.csv"), chipOutsideAll);
        files.add("outside-chip1024.csv");
        md.append("\n### chip1024: accesses from outside the domain (`--outside`, default 1% is an assumption)\n\n");
        outsideTable(md, chipOutside);

        // chip1024: sensitivity of the headline numbers
        final List<SimulationResult> sensitivityAll = new ArrayList<>();
        md.append("\n### chip1024: sensitivity of the headline numbers\n\n")
                .append("Each row changes one assumption of the default row (1% outside, B state sticky, DRAM 120 cycles, "
                        + "64 KiB slices, contention on, 2 think cycles between accesses, LRU map caches, warm until "
                        + "steady) and reruns global (full-map), sr, hr (full-map) and sr+hr on the same stream (the "
                        + "B-state row only sr and sr+hr: a full map has no broadcast state; the map-cache row not "
                        + "global, which uses no map cache).\n\n")
                .append("| variant | hr: global / hr miss latency | sr / global energy | sr / global access latency "
                        + "| sr broadcasts | sr+hr / global access latency |\n|---|---:|---:|---:|---:|---:|\n");
        sensitivityRow(md, "default (as the comparison above)", chipRuns);
        for (final double f : List.of(0.0, 0.001)) {
            sensitivityRow(md, String.format(Locale.ROOT, "outside %.1f%%", 100 * f), chipOutside.get(f));
        }
        for (final Variant v : variants(quick, chip, chipWarm)) {
            final SystemSpec machine = chip.with(v.overrides(), "sensitivity: " + v.name());
            final List<RunSpec> runs = v.runs().isEmpty() ? SENSITIVITY_RUNS : v.runs();
            final List<SimulationResult> rs = new ArrayList<>(CoherenceExperiments.compare(machine, runs, vm, null,
                    chipAccesses, v.warmup(), seed, tracker.run()));
            tracker.finished(rs);
            sensitivityAll.addAll(rs);
            for (final RunSpec unaffected : SENSITIVITY_RUNS) {
                // a variant that cannot change a configuration (the B state of a full map) reuses its default run
                if (!runs.contains(unaffected)) {
                    rs.add(CoherenceExperiments.find(chipRuns, unaffected.scheme().id(), unaffected.format()));
                }
            }
            sensitivityRow(md, v.name(), rs);
        }
        CoherenceExperiments.writeResults(dir.resolve("sensitivity-chip1024.csv"), sensitivityAll);
        files.add("sensitivity-chip1024.csv");

        final SimulationResult global = CoherenceExperiments.find(chipRuns, "global", "full-map");
        final SimulationResult hr = CoherenceExperiments.find(chipRuns, "hr", "full-map");
        final SimulationResult sr = CoherenceExperiments.find(chipRuns, "sr", "cdr-sr");
        final SimulationResult both = CoherenceExperiments.find(chipRuns, "sr+hr", "cdr-sr");
        final SimulationResult bestChip = CoherenceExperiments.bestBaseline(chipRuns);
        claims.add(new Claim("Home Restriction: localized communication, higher performance (chip1024, vm, warm)",
                "lower latency, local traffic (abstract)",
                String.format(Locale.ROOT, "miss latency %.1f -> %.1f cycles (full-map), flit-hops/access %.1f -> %.1f",
                        global.avgMissLatencyCycles(), hr.avgMissLatencyCycles(), perAccess(global), perAccess(hr)),
                String.format(Locale.ROOT, "%.2fx lower latency, %.2fx less traffic",
                        global.avgMissLatencyCycles() / hr.avgMissLatencyCycles(), perAccess(global) / perAccess(hr))));
        claims.add(new Claim("Sharer Restriction: low storage and energy overhead (chip1024, vm, warm)",
                "low storage and energy (abstract)",
                String.format(Locale.ROOT, "directory %.1f -> %.1f MiB with tags; energy %s -> %s uJ; %,d broadcasts "
                        + "at 1%% outside", CoherenceExperiments.mib(global.directoryBitsWithTags()),
                        CoherenceExperiments.mib(sr.directoryBitsWithTags()),
                        CoherenceExperiments.uj(global.energyNanojoules()),
                        CoherenceExperiments.uj(sr.energyNanojoules()), sr.broadcasts()),
                String.format(Locale.ROOT, "%.1fx less storage; energy x%.2f at 1%% outside, x%.2f at 0%%",
                        (double) global.directoryBitsWithTags() / sr.directoryBitsWithTags(),
                        sr.energyNanojoules() / global.energyNanojoules(),
                        ratio(chipOutside.get(0.0), "sr", "cdr-sr", "global", "full-map", true))));
        claims.add(new Claim("Both restrictions against the best baseline (chip1024, vm, warm)",
                "not quantified in the abstract",
                String.format(Locale.ROOT, "access latency: sr+hr %.2f, best baseline %s %.2f cycles",
                        both.avgAccessLatencyCycles(), CoherenceExperiments.label(bestChip),
                        bestChip.avgAccessLatencyCycles()),
                String.format(Locale.ROOT, "sr+hr x%.2f the best baseline's access latency",
                        both.avgAccessLatencyCycles() / bestChip.avgAccessLatencyCycles())));

        // wsc1m
        final WorkloadSpec wscVm = WorkloadSpec.vm().withActive(wscActive);
        // coarse-vector-4 on a million cores sends one message to each of 16,384+ cores per coarse invalidation:
        // simulated message by message, it only fits the full run
        final List<String> wscFormats = CoherenceExperiments.defaultFormats(wsc).stream()
                .filter(f -> !quick || !f.startsWith("coarse-vector")).toList();
        final List<SimulationResult> wscRuns = CoherenceExperiments.compare(wsc,
                CoherenceExperiments.comparisonRuns(wscFormats), wscVm, null, wscAccesses,
                Warmup.untilSteady(quick ? WSC_WARM_MAX_QUICK : WSC_WARM_MAX_FULL), seed, tracker.run());
        tracker.finished(wscRuns);
        final Warmup wscWarm = Warmup.fixed(wscRuns.get(0).warmupAccesses());
        CoherenceExperiments.writeResults(dir.resolve("compare-wsc1m.csv"), wscRuns);
        CoherenceExperiments.plotCompare(dir.resolve("compare-wsc1m.png"), wscRuns);
        files.add("compare-wsc1m.csv");
        files.add("compare-wsc1m.png");
        md.append("\n### wsc1m (1,000,000 cores), VM consolidation, every baseline\n\n")
                .append(wscActive == 0 ? "All 62,500 VMs active. "
                        : String.format(Locale.ROOT, "%,d of the 62,500 VMs active (%,d cores spread over the machine; "
                                + "the other cores idle, homes, broadcasts and storage those of the whole machine: this "
                                + "lightens the load on globally interleaved homes, see the omissions). ", wscActive,
                                16 * wscActive))
                .append(warmLine(wscRuns.get(0), wscAccesses))
                .append(quick ? " coarse-vector-4 runs only with --full (each coarse invalidation is simulated as "
                        + "16,384 or more messages)." : "")
                .append("\n\n![compare wsc1m](compare-wsc1m.png)\n\n")
                .append(CoherenceExperiments.resultsTable(wscRuns)).append('\n');
        CoherenceExperiments.baselineVerdicts(wscRuns).forEach(v -> md.append("- ").append(v).append('\n'));

        final List<RunSpec> wscOutsideRuns = List.of(new RunSpec(Scheme.GLOBAL, wsc.baselineFormat().id()),
                new RunSpec(Scheme.HR, "dir-nb-4"), new RunSpec(Scheme.SR_HR, "cdr-sr"));
        final Map<Double, List<SimulationResult>> wscOutside = outsideSweep(wsc, wscOutsideRuns, wscVm, wscRuns,
                wscAccesses, wscWarm, seed, tracker);
        final SystemSpec wscReset = wsc.with(Map.of("b_state", "reset-on-empty"), "sensitivity: B state");
        final List<SimulationResult> wscResetRuns = CoherenceExperiments.compare(wscReset,
                List.of(new RunSpec(Scheme.GLOBAL, wsc.baselineFormat().id()), new RunSpec(Scheme.SR_HR, "cdr-sr")),
                wscVm, null, wscAccesses, wscWarm, seed, tracker.run());
        tracker.finished(wscResetRuns);
        final List<SimulationResult> wscOutsideAll = new ArrayList<>();
        wscOutside.values().forEach(wscOutsideAll::addAll);
        wscOutsideAll.addAll(wscResetRuns);
        CoherenceExperiments.writeResults(dir.resolve("outside-wsc1m.csv"), wscOutsideAll);
        files.add("outside-wsc1m.csv");
        md.append("\n### wsc1m: accesses from outside the domain, and the B-state policy\n\n");
        outsideTable(md, wscOutside);
        md.append(String.format(Locale.ROOT, "%nWith `--b-state reset-on-empty` (1%% outside): global/%s %s cycles, "
                + "sr+hr %s cycles of access latency, %,d and %,d broadcasts.%n", wsc.baselineFormat().id(),
                CoherenceExperiments.cycles(wscResetRuns.get(0).avgAccessLatencyCycles()),
                CoherenceExperiments.cycles(wscResetRuns.get(1).avgAccessLatencyCycles()),
                wscResetRuns.get(0).broadcasts(), wscResetRuns.get(1).broadcasts()));

        final SimulationResult wg = CoherenceExperiments.find(wscRuns, "global", wsc.baselineFormat().id());
        final SimulationResult wb = CoherenceExperiments.find(wscRuns, "sr+hr", "cdr-sr");
        final SimulationResult bestWsc = CoherenceExperiments.bestBaseline(wscRuns);
        final SimulationResult wg0 = CoherenceExperiments.find(wscOutside.get(0.0), "global", wsc.baselineFormat().id());
        final SimulationResult wb0 = CoherenceExperiments.find(wscOutside.get(0.0), "sr+hr", "cdr-sr");
        claims.add(new Claim("CDR on a 1,000,000-core warehouse-scale computer (wsc1m, vm, warm)",
                "shared memory made affordable (abstract)",
                String.format(Locale.ROOT, "miss latency global/%s %s -> sr+hr %s cycles at 1%% outside, %s -> %s at 0%%;"
                        + " best baseline %s %s", wg.format(), CoherenceExperiments.cycles(wg.avgMissLatencyCycles()),
                        CoherenceExperiments.cycles(wb.avgMissLatencyCycles()),
                        CoherenceExperiments.cycles(wg0.avgMissLatencyCycles()),
                        CoherenceExperiments.cycles(wb0.avgMissLatencyCycles()), CoherenceExperiments.label(bestWsc),
                        CoherenceExperiments.cycles(bestWsc.avgMissLatencyCycles())),
                String.format(Locale.ROOT, "sr+hr against global/%s: %s at 1%% outside, %s at 0%%; x%s the best "
                        + "baseline's access latency at 1%%", wg.format(),
                        speedup(wg.avgMissLatencyCycles() / wb.avgMissLatencyCycles()),
                        speedup(wg0.avgMissLatencyCycles() / wb0.avgMissLatencyCycles()),
                        CoherenceExperiments.cycles(wb.avgAccessLatencyCycles() / bestWsc.avgAccessLatencyCycles()))));

        // Home Restriction vs domain size
        final List<Integer> sizes = quick ? List.of(16, 64, 256, 1024) : List.of(4, 16, 64, 256, 1024);
        final List<CoherenceExperiments.SweepPoint> sweep = CoherenceExperiments.homeRestrictionSweep(chip, sizes,
                chipAccesses / 2, chipWarm, seed, tracker.run());
        CoherenceExperiments.writeSweep(dir.resolve("home-restriction.csv"), sweep);
        CoherenceExperiments.plotSweep(dir.resolve("home-restriction.png"), sweep);
        files.add("home-restriction.csv");
        files.add("home-restriction.png");
        md.append("\n### Home Restriction vs domain size (chip1024, full-map, warm)\n\n![home restriction](home-restriction.png)\n\n")
                .append("| cores per domain | homes | global miss latency | hr miss latency | ratio | hr home hit rate |\n"
                        + "|---:|---:|---:|---:|---:|---:|\n");
        for (final CoherenceExperiments.SweepPoint p : sweep) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %.1f | %.1f | %.2fx | %.4f |%n", p.domainCores(), p.homes(),
                    p.global().avgMissLatencyCycles(), p.restricted().avgMissLatencyCycles(), p.speedup(),
                    p.restricted().homeHitRate()));
        }
        md.append("\nEnergy model: ").append(chip.energyModel().describe()).append(".\n");
        claims.add(new Claim("The abstract's quantitative sentence (\"Sharer Restriction results in ...\")",
                "cut off in every public copy", "-", "cannot be compared"));
        return new PartResult(md.toString(), claims, files);
    }

    /**
     * The runs at every outside fraction; the default 1% reuses the comparison's results.
     */
    private static Map<Double, List<SimulationResult>> outsideSweep(final SystemSpec system, final List<RunSpec> runs,
            final WorkloadSpec workload, final List<SimulationResult> atDefault, final long accesses, final Warmup warmup,
            final long seed, final Tracker tracker) throws IOException {
        final Map<Double, List<SimulationResult>> byFraction = new LinkedHashMap<>();
        for (final double f : OUTSIDE) {
            if (f == DEFAULT_OUTSIDE) {
                byFraction.put(f, runs.stream().map(r -> CoherenceExperiments.find(atDefault, r.scheme().id(),
                        r.format())).toList());
                continue;
            }
            final List<SimulationResult> rs = CoherenceExperiments.compare(system, runs, workload.withOutside(f), null,
                    accesses, warmup, seed, tracker.run());
            tracker.finished(rs);
            byFraction.put(f, rs);
        }
        return byFraction;
    }

    /** The storage section: cores and sharer domains, tags and map caches. */
    private static void storage(final Path dir, final SystemSpec chip, final SystemSpec wsc, final List<String> files,
            final List<Claim> claims, final StringBuilder md) throws IOException {
        final StorageModel model = chip.storageModel();
        final List<CoherenceExperiments.StorageRow> storage = CoherenceExperiments.storage(model,
                CoherenceExperiments.STORAGE_FORMATS, CoherenceExperiments.STORAGE_CORES);
        final List<CoherenceExperiments.StorageRow> byDomains = CoherenceExperiments.storageByDomains(
                wsc.storageModel(), 1 << 20, CoherenceExperiments.STORAGE_DOMAINS);
        final List<CoherenceExperiments.StorageRow> all = new ArrayList<>(storage);
        all.addAll(byDomains);
        CoherenceExperiments.writeStorage(dir.resolve("storage.csv"), all);
        CoherenceExperiments.plotStorage(dir.resolve("storage.png"), storage, byDomains, wsc.storageModel());
        files.add("storage.csv");
        files.add("storage.png");
        final StorageModel wscModel = wsc.storageModel();
        final int million = 1 << 20;
        md.append("### Directory storage\n\n![storage](storage.png)\n\n")
                .append(String.format(Locale.ROOT, "Bits per directory entry: sharer field + 2 state bits, then with the "
                        + "address tag (chip1024: %d bits, 1,024 sharer domains; wsc1m: %d bits, 65,536 sharer domains). "
                        + "Map caches per tile: the Sharer Map Cache (cdr-sr, per home slice) and the Home Map Cache (Home "
                        + "Restriction, per core).%n%n", model.tagBits(), wscModel.tagBits()))
                .append("| format | 1,024 cores (D = 1,024) | with tag | SMC + HMC bits per tile | 1,048,576 cores "
                        + "(D = 65,536) | with tag | SMC + HMC bits per tile |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (final String f : CoherenceExperiments.STORAGE_FORMATS) {
            final FormatSpec spec = FormatSpec.parse(f);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d + %,d | %,d | %,d | %,d + %,d |%n", f,
                    model.bitsPerEntry(spec, 1024), model.entryBitsWithTag(spec, 1024),
                    model.sharerMapCacheBits(spec, 1024), model.homeMapCacheBits(1024),
                    wscModel.bitsPerEntry(spec, million), wscModel.entryBitsWithTag(spec, million),
                    wscModel.sharerMapCacheBits(spec, million), wscModel.homeMapCacheBits(million)));
        }
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        final long small = model.bitsPerEntry(cdr, 16);
        final long large = model.bitsPerEntry(cdr, million);
        claims.add(new Claim("Sharer Restriction: constant directory storage as core count grows",
                "constant (abstract)", String.format(Locale.ROOT, "cdr-sr %d bits/entry at 16 and %d at 1,048,576 cores "
                        + "for D = 1,024 sharer domains; %d at D = 65,536 (wsc1m's 62,500 VMs); + %d-%d tag bits",
                        small, large, wscModel.bitsPerEntry(cdr, million), model.tagBits(), wscModel.tagBits()),
                small == large ? "constant in N for a fixed D; grows as log2 D" : "not constant"));
    }

    private static String warmLine(final SimulationResult first, final long accesses) {
        return String.format(Locale.ROOT, "Warm-up: %,d accesses, the miss rate %s (it changed by at most %.0f%% between "
                + "consecutive windows of 1,024 accesses per issuing core, twice); then %,d counted accesses per run, every run on "
                + "the same stream.", first.warmupAccesses(), first.warmupSteady() ? "steady" : "NOT steady (a cold start)",
                100 * Warmup.DEFAULT_TOLERANCE, accesses);
    }

    private static void outsideTable(final StringBuilder md, final Map<Double, List<SimulationResult>> byFraction) {
        final List<SimulationResult> first = byFraction.values().iterator().next();
        md.append("| configuration |");
        byFraction.keySet().forEach(f -> md.append(String.format(Locale.ROOT, " %.1f%%: access latency | broadcasts "
                + "| energy uJ |", 100 * f)));
        md.append('\n').append("|---|");
        byFraction.keySet().forEach(f -> md.append("---:|---:|---:|"));
        md.append('\n');
        for (int i = 0; i < first.size(); i++) {
            md.append("| ").append(CoherenceExperiments.label(first.get(i))).append(" |");
            for (final List<SimulationResult> rs : byFraction.values()) {
                final SimulationResult r = rs.get(i);
                md.append(String.format(Locale.ROOT, " %s | %,d | %s |", CoherenceExperiments.cycles(
                        r.avgAccessLatencyCycles()), r.broadcasts(), CoherenceExperiments.uj(r.energyNanojoules())));
            }
            md.append('\n');
        }
    }

    private static void sensitivityRow(final StringBuilder md, final String name, final List<SimulationResult> rs) {
        final SimulationResult g = CoherenceExperiments.find(rs, "global", "full-map");
        final SimulationResult h = CoherenceExperiments.find(rs, "hr", "full-map");
        final SimulationResult s = CoherenceExperiments.find(rs, "sr", "cdr-sr");
        final SimulationResult b = CoherenceExperiments.find(rs, "sr+hr", "cdr-sr");
        md.append(String.format(Locale.ROOT, "| %s | %.2fx | %.2fx | %.2fx | %,d | %.2fx |%n", name,
                g.avgMissLatencyCycles() / h.avgMissLatencyCycles(), s.energyNanojoules() / g.energyNanojoules(),
                s.avgAccessLatencyCycles() / g.avgAccessLatencyCycles(), s.broadcasts(),
                b.avgAccessLatencyCycles() / g.avgAccessLatencyCycles()));
    }

    private static double ratio(final List<SimulationResult> rs, final String scheme, final String format,
            final String baseScheme, final String baseFormat, final boolean energy) {
        final SimulationResult a = CoherenceExperiments.find(rs, scheme, format);
        final SimulationResult b = CoherenceExperiments.find(rs, baseScheme, baseFormat);
        return energy ? a.energyNanojoules() / b.energyNanojoules() : a.avgAccessLatencyCycles() / b.avgAccessLatencyCycles();
    }

    /** A latency ratio (baseline / CDR) as "N x faster" or "N x slower". */
    private static String speedup(final double ratio) {
        return ratio >= 1 ? CoherenceExperiments.cycles(ratio) + "x faster"
                : CoherenceExperiments.cycles(1 / ratio) + "x slower";
    }

    private static double perAccess(final SimulationResult r) {
        return (double) r.flitHops() / r.accesses();
    }
}

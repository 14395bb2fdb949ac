package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.io.Progress;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The CDR part of {@code scalebench reproduce}: the storage figure (16 to 1,048,576 cores), the four-scheme
 * comparison on chip1024 with VM consolidation, the Home Restriction domain-size sweep, and a small wsc1m
 * comparison. The paper's figures are not public; its claims are the abstract's, and the report puts
 * scalebench's numbers beside them.
 */
public final class CdrReproduction implements ReproductionPart {

    /** Counted accesses per run: quick / full. */
    private static final long CHIP_QUICK = 2_000_000;
    private static final long CHIP_FULL = 20_000_000;
    private static final long SWEEP_QUICK = 500_000;
    private static final long SWEEP_FULL = 5_000_000;
    private static final long WSC_QUICK = 500_000;
    private static final long WSC_FULL = 10_000_000;

    @Override
    public String name() {
        return "Coherence Domain Restriction (MICRO 2015)";
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final Progress progress)
            throws IOException {
        final List<String> files = new ArrayList<>();
        final List<Claim> claims = new ArrayList<>();
        final StringBuilder md = new StringBuilder();

        final SystemSpec chip = SystemSpec.named("chip1024");
        final StorageModel model = chip.storageModel();
        final List<CoherenceExperiments.StorageRow> storage = CoherenceExperiments.storage(model,
                CoherenceExperiments.STORAGE_FORMATS, CoherenceExperiments.STORAGE_CORES);
        CoherenceExperiments.writeStorage(dir.resolve("storage.csv"), storage);
        CoherenceExperiments.plotStorage(dir.resolve("storage.png"), storage);
        files.add("storage.csv");
        files.add("storage.png");
        final long cdrSmall = bits(storage, "cdr-sr", 16);
        final long cdrLarge = bits(storage, "cdr-sr", 1_048_576);
        claims.add(new Claim("Sharer Restriction: constant directory storage as core count grows",
                "constant (abstract)", "cdr-sr " + cdrSmall + " bits/entry at 16 cores, " + cdrLarge + " at 1,048,576",
                cdrSmall == cdrLarge ? "none: constant" : "not constant"));
        md.append("### Directory storage\n\n![storage](storage.png)\n\n")
                .append("| format | 1,024 cores: bits/entry | vs 64-byte line | 1,048,576 cores: bits/entry | vs line |\n")
                .append("|---|---:|---:|---:|---:|\n");
        for (final String f : CoherenceExperiments.STORAGE_FORMATS) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f%% | %d | %.1f%% |%n", f, bits(storage, f, 1024),
                    100.0 * bits(storage, f, 1024) / StorageModel.LINE_BITS, bits(storage, f, 1_048_576),
                    100.0 * bits(storage, f, 1_048_576) / StorageModel.LINE_BITS));
        }

        final long chipAccesses = quick ? CHIP_QUICK : CHIP_FULL;
        final long sweepAccesses = quick ? SWEEP_QUICK : SWEEP_FULL;
        final long wscAccesses = quick ? WSC_QUICK : WSC_FULL;
        final List<Integer> sizes = List.of(4, 16, 64, 256, 1024);
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        final long chipWork = 4 * chipAccesses * 11 / 10;
        final long sweepWork = 2L * sizes.size() * sweepAccesses * 11 / 10;
        final long wscWork = 2 * wscAccesses * 11 / 10;
        final long total = chipWork + sweepWork + wscWork;

        final List<SimulationResult> compare = CoherenceExperiments.compare(chip, "vm", null, null, chipAccesses,
                chipAccesses / 10, seed, (done, all) -> progress.update(done, total));
        CoherenceExperiments.writeResults(dir.resolve("compare-chip1024.csv"), compare);
        CoherenceExperiments.plotCompare(dir.resolve("compare-chip1024.png"), compare);
        files.add("compare-chip1024.csv");
        files.add("compare-chip1024.png");
        md.append("\n### chip1024, VM consolidation (16-core VMs), ").append(String.format(Locale.ROOT, "%,d", chipAccesses))
                .append(" accesses per scheme\n\n![compare](compare-chip1024.png)\n\n");
        table(md, compare);
        final SimulationResult global = compare.get(0);
        final SimulationResult sr = compare.get(1);
        final SimulationResult hr = compare.get(2);
        final SimulationResult both = compare.get(3);
        claims.add(new Claim("Home Restriction: localized communication, higher performance (chip1024, vm)",
                "lower latency, local traffic (abstract)",
                String.format(Locale.ROOT, "miss latency %.1f -> %.1f cycles, flit-hops/access %.1f -> %.1f",
                        global.avgMissLatencyCycles(), hr.avgMissLatencyCycles(), perAccess(global), perAccess(hr)),
                String.format(Locale.ROOT, "%.2fx lower latency, %.2fx less traffic",
                        global.avgMissLatencyCycles() / hr.avgMissLatencyCycles(), perAccess(global) / perAccess(hr))));
        claims.add(new Claim("Sharer Restriction: low storage and energy overhead (chip1024, vm)",
                "low storage and energy (abstract)",
                String.format(Locale.ROOT, "directory %.1f -> %.1f MiB; energy %.0f -> %.0f uJ; %d broadcasts",
                        mib(global), mib(sr), global.energyNanojoules() / 1000, sr.energyNanojoules() / 1000,
                        sr.broadcasts()),
                String.format(Locale.ROOT, "%.1fx less storage; energy %+.0f%% (public-sharer broadcasts)",
                        (double) global.directoryBits() / sr.directoryBits(),
                        100 * (sr.energyNanojoules() / global.energyNanojoules() - 1))));
        claims.add(new Claim("Both restrictions together (chip1024, vm)", "not quantified in the abstract",
                String.format(Locale.ROOT, "miss latency %.1f cycles, %.1f MiB", both.avgMissLatencyCycles(), mib(both)),
                String.format(Locale.ROOT, "%.2fx lower latency than global", global.avgMissLatencyCycles()
                        / both.avgMissLatencyCycles())));

        final long sweepBase = chipWork;
        final List<CoherenceExperiments.SweepPoint> sweep = CoherenceExperiments.homeRestrictionSweep(chip, sizes,
                sweepAccesses, sweepAccesses / 10, seed, (done, all) -> progress.update(sweepBase + done, total));
        CoherenceExperiments.writeSweep(dir.resolve("home-restriction.csv"), sweep);
        CoherenceExperiments.plotSweep(dir.resolve("home-restriction.png"), sweep);
        files.add("home-restriction.csv");
        files.add("home-restriction.png");
        md.append("\n### Home Restriction vs domain size (chip1024)\n\n![home restriction](home-restriction.png)\n\n")
                .append("| cores per domain | homes | global miss latency | hr miss latency | ratio |\n|---:|---:|---:|---:|---:|\n");
        for (final CoherenceExperiments.SweepPoint p : sweep) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %.1f | %.1f | %.2fx |%n", p.domainCores(), p.homes(),
                    p.global().avgMissLatencyCycles(), p.restricted().avgMissLatencyCycles(), p.speedup()));
        }

        final long wscBase = chipWork + sweepWork;
        final List<SimulationResult> wscRuns = CoherenceExperiments.compare(wsc, List.of(Scheme.GLOBAL, Scheme.SR_HR),
                "vm", null, null, wscAccesses, wscAccesses / 10, seed,
                (done, all) -> progress.update(wscBase + done, total));
        CoherenceExperiments.writeResults(dir.resolve("compare-wsc1m.csv"), wscRuns);
        files.add("compare-wsc1m.csv");
        md.append("\n### wsc1m (1,000,000 cores), VM consolidation, ").append(String.format(Locale.ROOT, "%,d", wscAccesses))
                .append(" accesses per scheme\n\n");
        table(md, wscRuns);
        final SimulationResult wg = wscRuns.get(0);
        final SimulationResult wb = wscRuns.get(1);
        claims.add(new Claim("CDR on a 1,000,000-core warehouse-scale computer (wsc1m, vm)",
                "shared memory made affordable (abstract)",
                String.format(Locale.ROOT, "miss latency %.3g -> %.3g cycles; directory %.0f -> %.0f MiB",
                        wg.avgMissLatencyCycles(), wb.avgMissLatencyCycles(), mib(wg), mib(wb)),
                String.format(Locale.ROOT, "%.0fx lower latency with sr+hr", wg.avgMissLatencyCycles()
                        / wb.avgMissLatencyCycles())));
        claims.add(new Claim("The abstract's quantitative sentence (\"Sharer Restriction results in ...\")",
                "cut off in every public copy", "-", "cannot be compared"));
        return new PartResult(md.toString(), claims, files);
    }

    private static long bits(final List<CoherenceExperiments.StorageRow> rows, final String format, final int cores) {
        return rows.stream().filter(r -> r.format().equals(format) && r.cores() == cores).findFirst()
                .orElseThrow().bitsPerEntry();
    }

    private static double perAccess(final SimulationResult r) {
        return (double) r.flitHops() / r.accesses();
    }

    private static double mib(final SimulationResult r) {
        return r.directoryBits() / 8.0 / (1 << 20);
    }

    private static void table(final StringBuilder md, final List<SimulationResult> results) {
        md.append("| scheme | format | miss rate | avg miss latency (cycles) | p99 | flit-hops/access | broadcasts "
                + "| map-cache miss rate | directory MiB | energy (uJ) | accesses/s |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (final SimulationResult r : results) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %.4f | %.1f | %d | %.1f | %d | %.3f | %.1f | %.0f | %,.0f |%n",
                    r.scheme(), r.format(), r.missRate(), r.avgMissLatencyCycles(), r.p99MissLatencyCycles(),
                    perAccess(r), r.broadcasts(), r.mapCacheMissRate(), mib(r), r.energyNanojoules() / 1000,
                    r.accessesPerSecond()));
        }
    }
}

package org.scalebench.bench.coherence;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.coherence.sim.SimulationResult;

/**
 * CDR's verdicts as curves over the share of accesses made from outside their domain: for each verdict (a CDR
 * configuration against a baseline), at each outside share, the ratio of the machines' throughputs (accesses per
 * cycle of the closed machine: above 1, CDR is faster) over the seeds, with a 95% confidence interval, the access
 * latency and energy ratios beside it, and the share at which the verdict flips (interpolated on a log scale between
 * the shares run). Throughput carries the verdict because the machine is closed: a saturated configuration shows
 * its limit in its throughput, not in a latency that grows with the number of cores waiting.
 */
public final class CdrVerdicts {

    /**
     * One verdict: a CDR configuration against a baseline chosen in each group of runs (one outside share, one seed).
     *
     * @param name how the report names it
     * @param cdr the CDR configuration's label ({@link Comparison#label})
     * @param baseline picks the baseline in a group (null when the group lacks it)
     */
    public record Verdict(String name, String cdr, Function<List<SimulationResult>, SimulationResult> baseline) {
    }

    /**
     * The verdict at one outside share.
     *
     * @param verdict the verdict's name
     * @param outside the outside share
     * @param seeds the seeds (groups) it rests on
     * @param throughputRatio the mean of CDR's throughput over the baseline's
     * @param low the 95% confidence interval's lower end (NaN with one seed)
     * @param high its upper end
     * @param latencyRatio the mean of the baseline's access latency over CDR's (above 1: CDR faster)
     * @param energyRatio the mean of CDR's energy per access over the baseline's (below 1: CDR cheaper)
     * @param baselines the baselines it was measured against (the strongest may differ by seed)
     * @param saturated whether any of the runs compared was saturated
     * @param steady whether every run compared counted a steady machine ({@link #steady(SimulationResult)})
     */
    public record Point(String verdict, double outside, int seeds, double throughputRatio, double low, double high,
            double latencyRatio, double energyRatio, String baselines, boolean saturated, boolean steady) {

        /** @return the CSV cells, in {@link #COLUMNS} order */
        public List<String> cells() {
            return List.of(verdict, num(outside), Integer.toString(seeds), num(throughputRatio), num(low), num(high),
                    num(latencyRatio), num(energyRatio), baselines, Boolean.toString(saturated),
                    Boolean.toString(steady));
        }
    }

    /** Columns of {@code verdicts.csv}. */
    public static final List<String> COLUMNS = List.of("verdict", "outside", "seeds", "throughput_ratio",
            "throughput_ratio_ci_low", "throughput_ratio_ci_high", "access_latency_ratio", "energy_ratio", "baseline",
            "saturated", "steady");

    /**
     * How far from 1 a run's {@link SimulationResult#littlesLawRatio()} may be for its counted part to be taken as a
     * steady state's (the chip's runs are within 1%; edge effects of the counted part grow with the miss latency).
     */
    public static final double LITTLE_TOLERANCE = 0.05;

    /**
     * Columns of {@code crossovers.csv}: the smallest outside share run and the verdict's ratio there, the crossover
     * shares (fractions, as {@code --outsides} takes them) and what the verdict becomes beyond the last.
     */
    public static final List<String> CROSSOVER_COLUMNS = List.of("verdict", "first_outside",
            "ratio_at_first_outside", "crossover_outside", "then");

    /** Two-sided 95% Student t quantiles for 1 to 10 degrees of freedom. */
    private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228};

    private CdrVerdicts() {
    }

    /**
     * The verdicts a comparison can give: sr+hr against the strongest baseline of each group (the highest
     * throughput among the non-CDR runs), against global homes with the machine's baseline format, against the
     * hierarchical directory when it was run; Home Restriction and Sharer Restriction alone against global homes.
     *
     * @param baselineFormat the machine's baseline format (full-map on a chip)
     * @return the verdicts
     */
    public static List<Verdict> standard(final String baselineFormat) {
        final String global = "global/" + baselineFormat;
        return List.of(
                new Verdict("sr+hr vs the strongest baseline", "sr+hr", CdrVerdicts::strongest),
                new Verdict("sr+hr vs " + global, "sr+hr", g -> find(g, global)),
                new Verdict("sr+hr vs hier", "sr+hr", g -> find(g, "hier")),
                new Verdict("hr/" + baselineFormat + " vs " + global, "hr/" + baselineFormat, g -> find(g, global)),
                new Verdict("sr vs " + global, "sr", g -> find(g, global)));
    }

    /** The non-CDR run with the highest throughput. */
    static SimulationResult strongest(final List<SimulationResult> group) {
        return group.stream().filter(r -> !r.format().equals("cdr-sr"))
                .max((a, b) -> Double.compare(a.accessesPerKilocycle(), b.accessesPerKilocycle())).orElse(null);
    }

    private static SimulationResult find(final List<SimulationResult> group, final String label) {
        return group.stream().filter(r -> Comparison.label(r).equals(label)).findFirst().orElse(null);
    }

    /**
     * Groups results by outside share, then by seed.
     *
     * @param results rows of a comparison grid
     * @return share -&gt; seed -&gt; the group's results
     */
    static Map<Double, Map<Long, List<SimulationResult>>> groups(final List<SimulationResult> results) {
        final Map<Double, Map<Long, List<SimulationResult>>> groups = new TreeMap<>();
        for (final SimulationResult r : results) {
            groups.computeIfAbsent(Double.isNaN(r.outside()) ? 0.0 : r.outside(), k -> new TreeMap<>())
                    .computeIfAbsent(r.seed(), k -> new ArrayList<>()).add(r);
        }
        return groups;
    }

    /**
     * Every verdict at every outside share the results cover.
     *
     * @param results rows of a comparison grid
     * @param verdicts the verdicts
     * @return one point per verdict and share (a verdict whose runs are missing is left out)
     */
    public static List<Point> points(final List<SimulationResult> results, final List<Verdict> verdicts) {
        final List<Point> points = new ArrayList<>();
        final Map<Double, Map<Long, List<SimulationResult>>> groups = groups(results);
        for (final Verdict v : verdicts) {
            groups.forEach((outside, bySeed) -> {
                final List<Double> throughput = new ArrayList<>();
                final List<Double> latency = new ArrayList<>();
                final List<Double> energy = new ArrayList<>();
                final TreeSet<String> baselines = new TreeSet<>();
                boolean saturated = false;
                boolean steady = true;
                for (final List<SimulationResult> group : bySeed.values()) {
                    final SimulationResult cdr = find(group, v.cdr());
                    final SimulationResult base = v.baseline().apply(group);
                    if (cdr == null || base == null) {
                        continue;
                    }
                    throughput.add(cdr.accessesPerKilocycle() / base.accessesPerKilocycle());
                    latency.add(base.avgAccessLatencyCycles() / cdr.avgAccessLatencyCycles());
                    energy.add((cdr.energyNanojoules() / cdr.accesses()) / (base.energyNanojoules() / base.accesses()));
                    baselines.add(Comparison.label(base));
                    saturated |= cdr.saturated() || base.saturated();
                    steady &= steady(cdr) && steady(base);
                }
                if (throughput.isEmpty()) {
                    return;
                }
                final double mean = mean(throughput);
                final double half = halfWidth(throughput);
                points.add(new Point(v.name(), outside, throughput.size(), mean, mean - half, mean + half,
                        mean(latency), mean(energy), String.join(" ", baselines), saturated, steady));
            });
        }
        return points;
    }

    /**
     * Where one verdict flips: the outside shares at which its mean throughput ratio crosses 1, each interpolated
     * linearly in log10 of the share between the two shares run on either side; a flip between 0 and the smallest
     * positive share is reported as below that share ({@code below} true).
     *
     * @param verdict the verdict's name
     * @param first the smallest share run
     * @param ratioAtFirst the verdict's ratio there
     * @param last the largest share run
     * @param shares how many shares were run
     * @param crossings the crossover shares, in order
     * @param below whether the first crossing lies between 0 and the smallest positive share
     * @param ahead whether CDR is ahead beyond the last crossing (at every share when there is none)
     */
    private record Crossover(String verdict, double first, double ratioAtFirst, double last, int shares,
            List<Double> crossings, boolean below, boolean ahead) {

        /** The crossings with {@code format} applied to each share, e.g. "below 0.01%; 0.0142%". */
        String crossingText(final Function<Double, String> format) {
            if (shares == 1) {
                return "not measured: one outside share";
            }
            if (crossings.isEmpty()) {
                return "none in [" + format.apply(first) + ", " + format.apply(last) + "]";
            }
            final List<String> parts = new ArrayList<>();
            for (int i = 0; i < crossings.size(); i++) {
                parts.add((i == 0 && below ? "below " : "") + format.apply(crossings.get(i)));
            }
            return String.join("; ", parts);
        }

        /** What the verdict is beyond the last crossing, e.g. "CDR behind beyond the last of 2 crossings". */
        String then(final Function<Double, String> format) {
            final String side = ahead ? "CDR ahead" : "CDR behind";
            if (shares == 1) {
                return side + " at " + format.apply(first);
            }
            return side + (crossings.isEmpty() ? " throughout"
                    : crossings.size() == 1 ? " beyond" : " beyond the last of " + crossings.size() + " crossings");
        }
    }

    private static List<Crossover> crossings(final List<Point> points) {
        final Map<String, List<Point>> byVerdict = new java.util.LinkedHashMap<>();
        points.forEach(p -> byVerdict.computeIfAbsent(p.verdict(), k -> new ArrayList<>()).add(p));
        final List<Crossover> result = new ArrayList<>();
        byVerdict.forEach((verdict, ps) -> {
            final List<Point> sorted = ps.stream().sorted((a, b) -> Double.compare(a.outside(), b.outside())).toList();
            final Point first = sorted.get(0);
            final List<Double> crossings = new ArrayList<>();
            boolean below = false;
            boolean ahead = first.throughputRatio() >= 1;
            for (int i = 1; i < sorted.size(); i++) {
                final Point a = sorted.get(i - 1);
                final Point b = sorted.get(i);
                if ((a.throughputRatio() >= 1) != (b.throughputRatio() >= 1)) {
                    ahead = b.throughputRatio() >= 1;
                    if (a.outside() <= 0) {
                        below = true;
                        crossings.add(b.outside());
                    } else {
                        final double la = Math.log10(a.outside());
                        final double lb = Math.log10(b.outside());
                        final double t = (1 - a.throughputRatio()) / (b.throughputRatio() - a.throughputRatio());
                        crossings.add(Math.pow(10, la + t * (lb - la)));
                    }
                }
            }
            result.add(new Crossover(verdict, first.outside(), first.throughputRatio(),
                    sorted.get(sorted.size() - 1).outside(), sorted.size(), crossings, below, ahead));
        });
        return result;
    }

    /**
     * Where each verdict flips ({@code crossovers.csv}): the outside shares at which its mean throughput ratio crosses
     * 1, each interpolated linearly in log10 of the share between the two shares run on either side (a flip between 0
     * and the smallest positive share is reported as below that share). A curve may cross more than once (a ratio near
     * 1 at small shares, say): every crossing is listed, and what the verdict becomes is said beyond the last. With one
     * share run there is no curve: the crossover is "not measured" and the verdict is said at that share.
     *
     * @param points the verdicts' points
     * @return one CSV row per verdict, in {@link #CROSSOVER_COLUMNS} order: the smallest share run and the ratio
     *     there, the crossover shares separated by "; " (or "none in [a, b]"), and what it becomes beyond the last
     */
    public static List<List<String>> crossovers(final List<Point> points) {
        final List<List<String>> rows = new ArrayList<>();
        for (final Crossover c : crossings(points)) {
            rows.add(List.of(c.verdict(), MeasurementFormat.plain(c.first()), num(c.ratioAtFirst()),
                    c.crossingText(MeasurementFormat::plain), c.then(MeasurementFormat::plain)));
        }
        return rows;
    }

    /**
     * The verdicts as a Markdown table: one row per verdict, one column per outside share, each cell the mean
     * throughput ratio with its 95% interval; then the crossover.
     *
     * @param points the verdicts' points
     * @return the table
     */
    public static String table(final List<Point> points) {
        final TreeSet<Double> shares = new TreeSet<>();
        points.forEach(p -> shares.add(p.outside()));
        final List<String> header = new ArrayList<>();
        header.add("verdict (throughput ratio, CDR / baseline)");
        shares.forEach(s -> header.add(Numbers.percent(s) + " outside"));
        header.add("crossover");
        final Table table = new Table(header.toArray(String[]::new))
                .rightAlign(IntStream.rangeClosed(1, shares.size()).toArray());
        final Map<String, Crossover> crossings = new TreeMap<>();
        crossings(points).forEach(c -> crossings.put(c.verdict(), c));
        final Map<String, Map<Double, Point>> byVerdict = new java.util.LinkedHashMap<>();
        points.forEach(p -> byVerdict.computeIfAbsent(p.verdict(), k -> new TreeMap<>()).put(p.outside(), p));
        byVerdict.forEach((verdict, byShare) -> {
            final List<String> cells = new ArrayList<>();
            cells.add(verdict);
            for (final double s : shares) {
                final Point p = byShare.get(s);
                cells.add(p == null ? "-" : cell(p));
            }
            final Crossover c = crossings.get(verdict);
            cells.add(c.crossingText(Numbers::percent) + " (" + c.then(Numbers::percent) + ")");
            table.row(cells.toArray(String[]::new));
        });
        return table.markdown();
    }

    private static String cell(final Point p) {
        final String ratio = String.format(Locale.ROOT, "%.3g", p.throughputRatio());
        final String ci = Double.isNaN(p.low()) ? "" : String.format(Locale.ROOT, " [%.3g, %.3g]", p.low(), p.high());
        return ratio + ci + (p.saturated() ? " (sat.)" : "") + (p.steady() ? "" : " (unsteady)");
    }

    /**
     * Whether a run counted a steady machine: settled before counting, and its counted part within
     * {@link #LITTLE_TOLERANCE} of Little's law where the law is checked (cores that block on each miss; with more
     * miss registers the ratio is NaN and settling alone decides). A trace is neither settled nor held to the law (its
     * cores end at different times); it replays what it recorded and counts as steady.
     *
     * @param r a run
     * @return true when its throughput and latency can be compared with another run's
     */
    public static boolean steady(final SimulationResult r) {
        return Double.isNaN(r.outside()) || r.settled() && (Double.isNaN(r.littlesLawRatio())
                || Math.abs(r.littlesLawRatio() - 1) <= LITTLE_TOLERANCE);
    }

    private static double mean(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Half the 95% Student interval of the mean; NaN for fewer than two values. */
    static double halfWidth(final List<Double> values) {
        final int n = values.size();
        if (n < 2) {
            return Double.NaN;
        }
        final double m = mean(values);
        double ss = 0;
        for (final double v : values) {
            ss += (v - m) * (v - m);
        }
        final double t = n - 1 <= T95.length ? T95[n - 2] : 1.96;
        return t * Math.sqrt(ss / (n - 1) / n);
    }

    private static String num(final double v) {
        return Double.isNaN(v) ? "" : Numbers.sixDigits(v);
    }
}

package org.scalebench.training.validation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.model.GradientDtype;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.model.StepTimeCurve;
import org.scalebench.training.parallel.GivenMpSpeedup;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.Projector;
import org.scalebench.training.projection.ScalingEffect;

/**
 * The projector's data-parallel step against the scaling corpus ({@link ScalingCorpus}): three constants per model
 * family fitted on the calibration rows, the error reported on the validation rows.
 *
 * <p>A row with a reference is projected from that reference: the reference row's measured throughput gives its
 * step ({@code batch * items_per_sample * accumulation * GPUs / throughput}); the projector's step model, inverted
 * at the reference's GPU count, gives the single-GPU micro-step compute {@code t_ref} that produces it; the row's
 * compute at its own batch is {@code F + (t_ref - F) * b / b_ref}; the projector's step model on the row's cluster,
 * GPU count, gradient bytes, buckets, overlap and accumulation then gives the row's step, and the projected
 * throughput per GPU is {@code b * items_per_sample * accumulation / step}. The error is projected over measured
 * throughput per GPU, minus one (the reference rows are reproduced exactly by construction).
 *
 * <p>The fitted constants of a family are {@code F} (the per-step compute that does not shrink with the per-GPU
 * batch; it moves only rows whose batch differs from their reference's), the synchronisation overhead of a
 * multi-GPU step, and the straggler spread ({@link org.scalebench.training.model.ScalingTerms}). They minimise the
 * sum of squared log errors over the family's calibration rows, by coordinate search within fixed bounds
 * ({@link #FIXED_BOUND}, {@link #SYNC_BOUND}, {@link #CV_BOUND}); a family without projectable calibration rows
 * keeps all three at 0. Switching an effect off ({@link ScalingEffect}) fits and projects without it.
 *
 * <p>Stateless; {@link #run} allocates. The same corpus gives the same report.
 */
public final class CorpusValidation {

    /** Upper bound of {@code F}, seconds. */
    public static final double FIXED_BOUND = 0.05;
    /** Upper bound of the synchronisation overhead, seconds. */
    public static final double SYNC_BOUND = 0.1;
    /** Upper bound of the straggler coefficient of variation. */
    public static final double CV_BOUND = 0.3;
    /** The error target on validation rows: mean absolute error. */
    public static final double TARGET_MEAN = 0.10;
    /** The error target on validation rows: no row above. */
    public static final double TARGET_MAX = 0.25;

    private static final int GRID = 21;
    private static final int REFINE = 30;
    private static final int SWEEPS = 3;
    private static final int BISECTIONS = 40;
    private static final double MISS_PENALTY = 25.0;

    private CorpusValidation() {
    }

    /**
     * A family's fitted constants.
     *
     * @param fixedSeconds {@code F}, seconds
     * @param syncOverheadSeconds seconds per multi-GPU step
     * @param stragglerCv coefficient of variation of a GPU's compute
     */
    public record Constants(double fixedSeconds, double syncOverheadSeconds, double stragglerCv) {
        /** All zero. */
        public static final Constants ZERO = new Constants(0, 0, 0);

        double get(final int i) {
            return i == 0 ? fixedSeconds : i == 1 ? syncOverheadSeconds : stragglerCv;
        }

        Constants with(final int i, final double v) {
            return new Constants(i == 0 ? v : fixedSeconds, i == 1 ? v : syncOverheadSeconds, i == 2 ? v : stragglerCv);
        }
    }

    /**
     * A family's constants and the calibration rows they were fitted on.
     *
     * @param family the family
     * @param constants the constants
     * @param rows the ids of the calibration rows, in file order
     * @param calibrationMeanAbsError the mean absolute error on those rows after the fit
     */
    public record Fit(String family, Constants constants, List<String> rows, double calibrationMeanAbsError) {
    }

    /**
     * One row beside its projection.
     *
     * @param row the corpus row
     * @param measuredPerGpu measured throughput per GPU
     * @param projectedPerGpu projected throughput per GPU (NaN if not projected)
     * @param notProjected why the row was not projected, or empty
     */
    public record RowResult(CorpusRow row, double measuredPerGpu, double projectedPerGpu, String notProjected) {

        /**
         * Projected over measured, minus one.
         *
         * @return the error (NaN if not projected)
         */
        public double error() {
            return projectedPerGpu / measuredPerGpu - 1;
        }

        /**
         * Whether the row has a projection to compare.
         *
         * @return true if projected
         */
        public boolean projected() {
            return notProjected.isEmpty();
        }
    }

    /**
     * The errors of one family (or of all) on the validation rows.
     *
     * @param family the family, or {@code all}
     * @param rows validation rows with a reference
     * @param projected how many of them were projected
     * @param meanAbsError mean absolute error over the projected ones (NaN if none)
     * @param maxAbsError the largest absolute error (NaN if none)
     * @param meanError mean signed error (NaN if none)
     */
    public record Summary(String family, int rows, int projected, double meanAbsError, double maxAbsError,
            double meanError) {

        /**
         * Whether the errors meet the targets ({@link #TARGET_MEAN}, {@link #TARGET_MAX}).
         *
         * @return true if they do
         */
        public boolean meetsTarget() {
            return projected > 0 && meanAbsError <= TARGET_MEAN && maxAbsError <= TARGET_MAX;
        }
    }

    /**
     * What a run produced.
     *
     * @param rows every row of the corpus, in file order (reference rows with their measurement only)
     * @param fits one per family, in first-appearance order
     * @param families one per family, validation rows only
     * @param overall all validation rows
     * @param disabled the effects switched off
     */
    public record Report(List<RowResult> rows, List<Fit> fits, List<Summary> families, Summary overall,
            Set<ScalingEffect> disabled) {
    }

    /** A projectable row with its projectors. */
    private static final class Prepared {
        final CorpusRow row;
        final CorpusRow ref;
        final Projector rowProjector;
        final Projector refProjector;
        final double samples;
        final double refSamples;
        final double refStep;
        final double measuredPerGpu;
        final boolean fixedOn;
        /** The reference system's compute time over the row's for the same work (1 on one system). */
        final double speed;

        Prepared(final CorpusRow row, final CorpusRow ref, final Projector rowProjector, final Projector refProjector,
                final double itemsPerSample, final boolean fixedOn, final double speed) {
            this.row = row;
            this.ref = ref;
            this.rowProjector = rowProjector;
            this.refProjector = refProjector;
            this.samples = row.batch() * itemsPerSample * row.accumulation();
            this.refSamples = ref.batch() * itemsPerSample * ref.accumulation();
            this.refStep = refSamples * ref.gpus() / ref.measured();
            this.measuredPerGpu = row.measured() / row.gpus();
            this.fixedOn = fixedOn;
            this.speed = speed;
        }

        /** Projected throughput per GPU, or NaN if the reference's step is shorter than its overheads alone. */
        double projectedPerGpu(final Constants c) {
            final double tRef = referenceCompute(c);
            if (Double.isNaN(tRef)) {
                return Double.NaN;
            }
            final double fixed = fixedOn ? Math.min(c.fixedSeconds(), tRef) : 0.0;
            final double micro = fixed + (tRef - fixed) * row.batch() / ref.batch() / speed;
            final double step = rowProjector.dataParallelStepSeconds(row.gpus(), micro, 0.0, c.syncOverheadSeconds(),
                    c.stragglerCv());
            return samples / step;
        }

        /** The micro-step compute at which the reference's projected step equals its measured step. */
        double referenceCompute(final Constants c) {
            double lo = 0;
            double hi = refStep / ref.accumulation();
            if (step(lo, c) > refStep) {
                return Double.NaN;
            }
            for (int i = 0; i < BISECTIONS; i++) {
                final double mid = 0.5 * (lo + hi);
                if (step(mid, c) > refStep) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return 0.5 * (lo + hi);
        }

        private double step(final double micro, final Constants c) {
            return refProjector.dataParallelStepSeconds(ref.gpus(), micro, 0.0, c.syncOverheadSeconds(),
                    c.stragglerCv());
        }
    }

    /**
     * Fits and compares the built-in corpus with every effect on.
     *
     * @return the report
     */
    public static Report run() {
        return run(ScalingCorpus.builtIn(), Set.of());
    }

    /**
     * Fits the constants on the calibration rows and compares every row.
     *
     * @param corpus the corpus
     * @param disabled the effects to switch off
     * @return the report
     */
    public static Report run(final ScalingCorpus corpus, final Set<ScalingEffect> disabled) {
        final Map<String, Cluster> clusters = new HashMap<>();
        final Map<String, Prepared> prepared = new LinkedHashMap<>();
        final Map<String, String> reasons = new HashMap<>();
        final List<String> families = new ArrayList<>();
        for (final CorpusRow r : corpus.rows()) {
            if (!families.contains(r.family())) {
                families.add(r.family());
            }
            if (!r.compared()) {
                continue;
            }
            final String reason = whyNot(corpus, r, clusters);
            if (!reason.isEmpty()) {
                reasons.put(r.id(), reason);
                continue;
            }
            final CorpusRow ref = corpus.row(r.reference());
            try {
                final ScalingCorpus.Model model = corpus.model(r.model());
                final Cluster rowCluster = clusters.get(r.cluster());
                final Cluster refCluster = clusters.get(ref.cluster());
                final double speed = disabled.contains(ScalingEffect.DEVICE_SPEED) || rowCluster == refCluster ? 1.0
                        : rowCluster.peakTensorFlops() / refCluster.peakTensorFlops();
                prepared.put(r.id(), new Prepared(r, ref, projector(r, model, rowCluster, disabled),
                        projector(ref, model, refCluster, disabled), model.itemsPerSample(),
                        !disabled.contains(ScalingEffect.STEP_OVERHEAD), speed));
            } catch (final IllegalArgumentException e) {
                reasons.put(r.id(), e.getMessage());
            }
        }
        final List<Fit> fits = new ArrayList<>();
        final Map<String, Constants> constants = new HashMap<>();
        for (final String family : families) {
            final List<Prepared> calibration = new ArrayList<>();
            for (final Prepared p : prepared.values()) {
                if (p.row.family().equals(family) && p.row.calibration()) {
                    calibration.add(p);
                }
            }
            final Constants c = calibration.isEmpty() ? Constants.ZERO : fit(calibration, disabled);
            constants.put(family, c);
            final List<String> ids = new ArrayList<>();
            double sum = 0;
            for (final Prepared p : calibration) {
                ids.add(p.row.id());
                sum += Math.abs(p.projectedPerGpu(c) / p.measuredPerGpu - 1);
            }
            fits.add(new Fit(family, c, Collections.unmodifiableList(ids),
                    calibration.isEmpty() ? Double.NaN : sum / calibration.size()));
        }
        final List<RowResult> results = new ArrayList<>();
        for (final CorpusRow r : corpus.rows()) {
            final double perGpu = r.measured() / r.gpus();
            if (!r.compared()) {
                results.add(new RowResult(r, perGpu, Double.NaN, "reference row"));
                continue;
            }
            final Prepared p = prepared.get(r.id());
            if (p == null) {
                results.add(new RowResult(r, perGpu, Double.NaN, reasons.get(r.id())));
                continue;
            }
            final double projected = p.projectedPerGpu(constants.get(r.family()));
            results.add(Double.isNaN(projected)
                    ? new RowResult(r, perGpu, Double.NaN, "the reference's measured step is shorter than the"
                            + " projected exchange and overheads alone")
                    : new RowResult(r, perGpu, projected, ""));
        }
        final List<Summary> summaries = new ArrayList<>();
        for (final String family : families) {
            summaries.add(summary(family, results));
        }
        return new Report(Collections.unmodifiableList(results), Collections.unmodifiableList(fits),
                Collections.unmodifiableList(summaries), summary(null, results), Set.copyOf(disabled));
    }

    /** Why a compared row cannot be projected, or empty. */
    private static String whyNot(final ScalingCorpus corpus, final CorpusRow r, final Map<String, Cluster> clusters) {
        final CorpusRow ref = corpus.row(r.reference());
        if (!r.notModelled().isEmpty()) {
            return r.notModelled();
        }
        if (ref.compared()) {
            return "its reference '" + ref.id() + "' is itself compared with another row";
        }
        if (!r.model().equals(ref.model()) || !r.precision().equals(ref.precision())) {
            return "its reference '" + ref.id() + "' is another model or precision";
        }
        if (r.accumulation() == 0 || ref.accumulation() == 0) {
            return "the source does not state the gradient accumulation steps";
        }
        // ScalingCorpus refuses clusters that are not built in
        final Cluster rowCluster = clusters.computeIfAbsent(r.cluster(), ClusterCatalog::builtIn);
        final Cluster refCluster = clusters.computeIfAbsent(ref.cluster(), ClusterCatalog::builtIn);
        if (rowCluster != refCluster) {
            for (final Cluster c : List.of(refCluster, rowCluster)) {
                if (Double.isNaN(c.peakTensorFlops())) {
                    return "its reference ran on " + ref.cluster() + " and it on " + r.cluster() + ": cluster "
                            + c.name() + " gives no peak_tensor_tflops_per_gpu to relate the two systems' speed";
                }
            }
        }
        return "";
    }

    private static Projector projector(final CorpusRow r, final ScalingCorpus.Model model, final Cluster cluster,
            final Set<ScalingEffect> disabled) {
        final Precision precision = Precision.parse(r.precision());
        final long gradientBytes = Math.round(model.parameters() * r.gradientBytesPerParameter());
        final ModelProfile profile = new ModelProfile(r.model(), "scaling corpus", r.source(), precision,
                r.gradientBytesPerParameter() < 4 ? GradientDtype.FP16 : GradientDtype.FP32,
                Math.round(model.parameters()), gradientBytes, model.parameters(), List.of(), 1, 1,
                new StepTimeCurve(new double[] {1, 2}, new double[] {1, 2}), 0.0, 0.0,
                new McCandlishEfficiency(1, 1), null, new GivenMpSpeedup(new int[] {2}, new double[] {1}), null,
                Map.of());
        final ProjectionOptions options = ProjectionOptions.DEFAULTS.withOverlap(r.overlap() ? 1.0 : 0.0)
                .withFixedBatch(1).withBucketBytes(r.bucketBytes()).withAccumulationSteps(r.accumulation())
                .withDisabledEffects(disabled).withOptimizerSharding(r.optimizer());
        return new Projector(profile, cluster, options, new int[] {1});
    }

    /** Coordinate search of the three constants within their bounds. */
    private static Constants fit(final List<Prepared> rows, final Set<ScalingEffect> disabled) {
        final double[] bounds = {FIXED_BOUND, SYNC_BOUND, CV_BOUND};
        final boolean[] free = {!disabled.contains(ScalingEffect.STEP_OVERHEAD),
            !disabled.contains(ScalingEffect.STEP_OVERHEAD), !disabled.contains(ScalingEffect.STRAGGLER)};
        Constants best = Constants.ZERO;
        double bestLoss = loss(rows, best);
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            for (int i = 0; i < 3; i++) {
                if (!free[i]) {
                    continue;
                }
                int arg = 0;
                double argLoss = Double.POSITIVE_INFINITY;
                for (int g = 0; g < GRID; g++) {
                    final double l = loss(rows, best.with(i, bounds[i] * g / (GRID - 1)));
                    if (l < argLoss - 1e-15) {
                        argLoss = l;
                        arg = g;
                    }
                }
                double lo = bounds[i] * Math.max(0, arg - 1) / (GRID - 1);
                double hi = bounds[i] * Math.min(GRID - 1, arg + 1) / (GRID - 1);
                final double golden = (Math.sqrt(5) - 1) / 2;
                for (int k = 0; k < REFINE; k++) {
                    final double a = hi - golden * (hi - lo);
                    final double b = lo + golden * (hi - lo);
                    if (loss(rows, best.with(i, a)) <= loss(rows, best.with(i, b))) {
                        hi = b;
                    } else {
                        lo = a;
                    }
                }
                final Constants refined = best.with(i, 0.5 * (lo + hi));
                final double refinedLoss = loss(rows, refined);
                final Constants gridBest = best.with(i, bounds[i] * arg / (GRID - 1));
                final Constants candidate = refinedLoss < argLoss ? refined : gridBest;
                final double candidateLoss = Math.min(refinedLoss, argLoss);
                if (candidateLoss < bestLoss) {
                    best = candidate;
                    bestLoss = candidateLoss;
                }
            }
        }
        return best;
    }

    private static double loss(final List<Prepared> rows, final Constants c) {
        double sum = 0;
        for (final Prepared p : rows) {
            final double projected = p.projectedPerGpu(c);
            if (Double.isNaN(projected)) {
                sum += MISS_PENALTY;
            } else {
                final double log = Math.log(projected / p.measuredPerGpu);
                sum += log * log;
            }
        }
        return sum;
    }

    private static Summary summary(final String family, final List<RowResult> results) {
        int rows = 0;
        int projected = 0;
        double abs = 0;
        double signed = 0;
        double max = 0;
        for (final RowResult r : results) {
            if (!r.row().compared() || r.row().calibration() || (family != null && !r.row().family().equals(family))) {
                continue;
            }
            rows++;
            if (r.projected()) {
                projected++;
                final double e = r.error();
                abs += Math.abs(e);
                signed += e;
                max = Math.max(max, Math.abs(e));
            }
        }
        return new Summary(family == null ? "all" : family, rows, projected,
                projected == 0 ? Double.NaN : abs / projected, projected == 0 ? Double.NaN : max,
                projected == 0 ? Double.NaN : signed / projected);
    }
}

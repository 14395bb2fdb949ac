package org.scalebench.training.projection;

import java.util.Arrays;
import java.util.Locale;
import java.util.TreeSet;
import org.scalebench.core.Checks;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.model.ScalingTerms;
import org.scalebench.training.model.SparseTable;
import org.scalebench.training.model.StepTimeCurve;
import org.scalebench.training.parallel.ComputeTime;
import org.scalebench.training.parallel.MpPlacement;

/**
 * Projects the end-to-end training time of a model on a cluster for pure data parallelism (DP) and for hybrid
 * parallelism — the projection model of Pal et al. (IEEE Micro 2019) as the abstract implies it
 * ({@code docs/training-model.md} derives every term):
 * <pre>
 *   T(N, M)   = epochs(W b) * (D / (W b)) * T_step            W = N / M workers of M GPUs, worker batch b
 *   T_step    = k * micro + optimizer * s(M) / g + wait(N) + sync + exposed(comm)     (k accumulated micro-steps)
 *   micro     = overhead + (t_c(b) - overhead - optimizer) / SU_MP(M, b)
 *   wait(N)   = cv * E[max of N standard normals] * sqrt(k) * micro               (the slowest GPU)
 *   exposed   = the gradient buckets' timeline past the backward pass (2/3 of a micro-step), or
 *               comm - min(overlap * comm, 2/3 * micro) with the timeline off
 *   comm      = all-reduce of the slowest ring's dense shard among W workers, plus the exchange of sparse gradients;
 *               with a sharded optimizer, reduce-scatter and an all-gather of the parameters, exposed (or, gathered
 *               in buckets during the next forward pass, what that pass waits for)
 *   g         = 1, or the workers that split the optimizer state (W, or a node's workers: {@link OptimizerSharding})
 * </pre>
 * {@code t_c} is the measured single-device step time (its fixed part: a per-step overhead every GPU pays and the
 * optimizer update, which shrinks with the largest dense shard {@code s(M)} a GPU of the worker holds), and
 * {@code SU_MP} speeds up the batch-dependent rest. The shards come from the placement the MP model computes
 * ({@link org.scalebench.training.parallel.MpSpeedupModel#place}); parameters it does not place are spread evenly.
 * For each {@code (N, M)} the worker batch {@code b} is chosen among powers of two (up to {@code M} times the
 * per-device limit: a worker's {@code M} GPUs share its activations) to minimise {@code T}; the best strategy per
 * {@code N}, the crossover and the speedups are read from the filled {@link ProjectionTable}.
 *
 * <p>Construction evaluates the placements, {@code SU_MP(M, b)}, {@code t_c(b)} and every shard for every
 * candidate and allocates; {@link #project} then allocates nothing (a full sweep of 14 device counts and 4 MP
 * degrees takes tens of microseconds). Immutable after construction and thread-safe, as long as each thread fills
 * its own table.
 */
public final class Projector {

    /** Share of a step's compute spent in the backward pass, under which gradient exchange may hide. */
    private static final double BACKWARD_SHARE = 2.0 / 3.0;

    private final ModelProfile model;
    private final Cluster cluster;
    private final ProjectionOptions options;
    private final int[] degrees;
    private final int[] batches;
    private final int[] batchCount;
    private final double[][] speedup;
    private final double[][] shard;
    private final double[][] computeTime;
    private final double[][] microTime;
    private final double[][] denseBytes;
    private final double[][] gatherBytes;
    private final double[][] tableBytes;
    /** The optimizer's update of the largest dense shard, per step, with the whole state on each worker. */
    private final double[][] optimizerTime;
    private final GradientExchange exchange;
    private final StatisticalEfficiency efficiency;
    private final double samples;
    private final double overlap;
    private final double singleDeviceSeconds;
    private final int singleDeviceBatch;
    private final int accumulation;
    private final double rootAccumulation;
    private final boolean timeline;
    private final double syncOverhead;
    private final double stragglerCv;
    private final double inputRate;

    /**
     * Sets up a projection.
     *
     * @param model the model profile
     * @param cluster the cluster
     * @param options projection choices
     * @param mpDegrees MP degrees to consider; 1 (data parallelism) is always included
     * @throws IllegalArgumentException if a degree is below 1, above the cluster's GPUs per node, or repeated, if
     *     a fixed batch exceeds the model's per-device limit, or if the MP model places more dense parameters than
     *     the profile has
     */
    public Projector(final ModelProfile model, final Cluster cluster, final ProjectionOptions options,
            final int[] mpDegrees) {
        final TreeSet<Integer> set = new TreeSet<>();
        set.add(1);
        for (final int m : mpDegrees) {
            if (m < 1 || m > cluster.gpusPerNode()) {
                throw new IllegalArgumentException("mp degree = " + m + ": must be in [1, " + cluster.gpusPerNode()
                        + "] (GPUs per node of " + cluster.name() + ")");
            }
            set.add(m);
        }
        this.model = model;
        this.cluster = cluster;
        this.options = options;
        this.degrees = set.stream().mapToInt(Integer::intValue).toArray();
        final int maxBatch = model.maxBatchPerDevice();
        final int maxDegree = degrees[degrees.length - 1];
        if (options.fixedBatch() > maxBatch) {
            throw new IllegalArgumentException("batch = " + options.fixedBatch() + ": must be at most "
                    + "max_batch_per_device = " + maxBatch + " of " + model.name());
        }
        if ((long) maxDegree * maxBatch > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("mp degree " + maxDegree + " x max_batch_per_device " + maxBatch
                    + " of " + model.name() + " = " + (long) maxDegree * maxBatch + ": must be at most 2^31 - 1");
        }
        final TreeSet<Integer> candidates = new TreeSet<>();
        if (options.fixedBatch() > 0) {
            candidates.add(options.fixedBatch());
        } else {
            for (long b = 1; b <= (long) maxDegree * maxBatch; b <<= 1) {
                candidates.add((int) b);
            }
            for (final int m : degrees) {
                candidates.add(m * maxBatch);
            }
        }
        this.batches = candidates.stream().mapToInt(Integer::intValue).toArray();
        this.batchCount = new int[degrees.length];
        for (int i = 0; i < degrees.length; i++) {
            int count = 0;
            while (count < batches.length && batches[count] <= (long) degrees[i] * maxBatch) {
                count++;
            }
            batchCount[i] = count;
        }
        final int k = degrees.length;
        final int n = batches.length;
        this.speedup = new double[k][n];
        this.shard = new double[k][n];
        this.computeTime = new double[k][n];
        this.microTime = new double[k][n];
        this.denseBytes = new double[k][n];
        this.gatherBytes = new double[k][n];
        this.tableBytes = new double[k][n];
        this.optimizerTime = new double[k][n];
        final double[][][][] ringBytes = new double[3][k][n][];
        final StepTimeCurve curve = model.stepTime();
        final ComputeTime variable = curve.variable();
        for (int i = 0; i < k; i++) {
            for (int b = 0; b < batchCount[i]; b++) {
                place(i, b, variable, ringBytes);
            }
        }
        this.exchange = new GradientExchange(cluster, options, degrees, ringBytes);
        this.efficiency = model.efficiency();
        this.samples = model.samplesPerEpoch();
        this.overlap = options.overlap();
        this.accumulation = options.accumulationSteps();
        this.rootAccumulation = Math.sqrt(accumulation);
        this.timeline = options.enabled(ScalingEffect.BACKWARD_TIMELINE) && overlap > 0;
        final ScalingTerms terms = model.scaling();
        this.syncOverhead = options.enabled(ScalingEffect.STEP_OVERHEAD) ? terms.syncOverheadSeconds() : 0.0;
        this.stragglerCv = options.enabled(ScalingEffect.STRAGGLER) ? terms.stragglerCv() : 0.0;
        this.inputRate = options.enabled(ScalingEffect.INPUT_PIPELINE) ? terms.inputSamplesPerSecond() : 0.0;
        double single = Double.POSITIVE_INFINITY;
        int singleBatch = batches[0];
        for (int b = 0; b < batchCount[0]; b++) {
            final double global = (double) batches[b] * accumulation;
            final double step = Math.max(computeTime[0][b], inputRate > 0 ? global / inputRate : 0.0);
            final double t = efficiency.epochs(global) * samples / global * step;
            if (t < single) {
                single = t;
                singleBatch = batches[b];
            }
        }
        this.singleDeviceSeconds = single;
        this.singleDeviceBatch = singleBatch;
    }

    /** Fills the speedup, compute time, shards and exchange bytes of one (degree, batch) candidate. */
    private void place(final int i, final int b, final ComputeTime variable, final double[][][][] ringBytes) {
        final int m = degrees[i];
        final double batch = batches[b];
        final double[] denseShare = new double[m];
        double su = 1.0;
        if (m == 1) {
            denseShare[0] = 1.0;
        } else {
            final MpPlacement placement = model.mpSpeedup().place(m, batch, variable, cluster);
            su = placement.speedup();
            final double total = model.denseParameters();
            final double placed = placement.placedTotal();
            if (placed > total * (1 + 1e-9)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: its MP model places %.0f dense"
                        + " parameters, more than the %.0f behind dense_gradient_bytes", model.name(), placed, total));
            }
            final double[] perGpu = placement.denseParameters();
            for (int g = 0; g < m; g++) {
                denseShare[g] = options.evenShards() || !(total > 0) ? 1.0 / m
                        : (perGpu[g] + (total - placed) / m) / total;
            }
        }
        final double largestDense = max(denseShare);
        speedup[i][b] = su;
        shard[i][b] = largestDense;
        final double overhead = options.enabled(ScalingEffect.STEP_OVERHEAD) ? model.stepOverheadSeconds() : 0.0;
        final double lossScaling = options.enabled(ScalingEffect.LOSS_SCALING) && model.precision() == Precision.MIXED
                ? model.scaling().lossScalingBytesPerParameter() * model.parameters() / cluster.hbmBandwidth() : 0.0;
        microTime[i][b] = overhead + variable.seconds(batch) / su;
        optimizerTime[i][b] = model.optimizerSeconds() * largestDense;
        computeTime[i][b] = options.accumulationSteps() * microTime[i][b]
                + (model.optimizerSeconds() + lossScaling) * largestDense;
        final boolean whole = m == 1 || !options.shardedAllReduce();
        denseBytes[i][b] = model.denseGradientBytes() * (whole ? 1.0 : largestDense);
        ringBytes[GradientExchange.DENSE][i][b] = denseShare;
        final double[] contribution = new double[m];
        final double[] table = new double[m];
        for (final SparseTable t : model.sparseTables()) {
            for (int g = 0; g < m; g++) {
                final double s = whole ? (g == 0 ? 1.0 : 0.0) : options.evenShards() ? 1.0 / m : t.share(g, m);
                contribution[g] += (t.bytesPerSample() * batch + t.bytesPerStep()) * s;
                table[g] += t.tableBytes() * s;
            }
        }
        gatherBytes[i][b] = max(contribution);
        tableBytes[i][b] = max(table);
        ringBytes[GradientExchange.GATHER][i][b] = contribution;
        ringBytes[GradientExchange.TABLE][i][b] = table;
    }

    private static double max(final double[] values) {
        double max = 0;
        for (final double v : values) {
            max = Math.max(max, v);
        }
        return max;
    }

    /**
     * The model profile.
     *
     * @return the profile
     */
    public ModelProfile model() {
        return model;
    }

    /**
     * The cluster.
     *
     * @return the cluster
     */
    public Cluster cluster() {
        return cluster;
    }

    /**
     * The options.
     *
     * @return the options
     */
    public ProjectionOptions options() {
        return options;
    }

    /**
     * The MP degrees considered, ascending, starting with 1.
     *
     * @return a copy
     */
    public int[] degrees() {
        return degrees.clone();
    }

    /**
     * The candidate worker batches.
     *
     * @return a copy, ascending
     */
    public int[] batchCandidates() {
        return batches.clone();
    }

    /**
     * {@code SU_MP(M)} at a candidate batch, as the profile's MP model computed it.
     *
     * @param m an MP degree of {@link #degrees()}
     * @param batch a candidate batch of {@link #batchCandidates()} allowed for {@code m}
     * @return the speedup
     * @throws IllegalArgumentException if {@code m} or {@code batch} is not a candidate
     */
    public double mpSpeedup(final int m, final int batch) {
        final int i = Arrays.binarySearch(degrees, m);
        final int b = Arrays.binarySearch(batches, batch);
        if (i < 0 || b < 0 || b >= batchCount[i]) {
            throw new IllegalArgumentException("(mp degree " + m + ", batch " + batch + "): not a candidate of this"
                    + " projection (degrees " + Arrays.toString(degrees) + ", batches " + Arrays.toString(batches) + ")");
        }
        return speedup[i][b];
    }

    /**
     * The largest share of the dense parameters one GPU of an {@code m}-GPU worker holds at a candidate batch.
     *
     * @param m an MP degree of {@link #degrees()}
     * @param batch a candidate batch of {@link #batchCandidates()} allowed for {@code m}
     * @return a fraction in {@code [1/m, 1]}
     * @throws IllegalArgumentException if {@code m} or {@code batch} is not a candidate
     */
    public double shardFraction(final int m, final int batch) {
        mpSpeedup(m, batch);
        return shard[Arrays.binarySearch(degrees, m)][Arrays.binarySearch(batches, batch)];
    }

    /**
     * Time to train on one device at its best batch, {@code T(1, 1)}.
     *
     * @return seconds
     */
    public double singleDeviceSeconds() {
        return singleDeviceSeconds;
    }

    /**
     * The batch of the fastest single-device run.
     *
     * @return samples per step
     */
    public int singleDeviceBatch() {
        return singleDeviceBatch;
    }

    /**
     * A table able to hold a sweep of up to {@code capacity} device counts.
     *
     * @param capacity the most device counts per sweep, at least 1
     * @return a new table
     */
    public ProjectionTable newTable(final int capacity) {
        return new ProjectionTable(capacity, degrees);
    }

    /**
     * Projects every strategy at every device count into {@code out}. Allocates nothing.
     *
     * @param devices device counts {@code N}, each at least 1 and divisible by every MP degree not above it
     * @param out a table of this projector with enough capacity
     * @throws IllegalArgumentException naming the offending device count
     */
    public void project(final int[] devices, final ProjectionTable out) {
        if (devices.length > out.capacity) {
            throw new IllegalArgumentException(devices.length + " device counts: the table holds at most "
                    + out.capacity);
        }
        if (!Arrays.equals(out.degrees, degrees)) {
            throw new IllegalArgumentException("table of MP degrees " + Arrays.toString(out.degrees)
                    + ": this projector needs " + Arrays.toString(degrees));
        }
        for (final int n : devices) {
            checkDevices(n);
        }
        final int k = degrees.length;
        for (int r = 0; r < devices.length; r++) {
            final int n = devices[r];
            out.devices[r] = n;
            int bestColumn = 0;
            for (int i = 0; i < k; i++) {
                final int cell = r * k + i;
                final int m = degrees[i];
                if (m > n) {
                    markInfeasible(out, cell);
                    continue;
                }
                fillBest(out, cell, n / m, i, n);
                if (out.trainSeconds[cell] < out.trainSeconds[r * k + bestColumn]) {
                    bestColumn = i;
                }
            }
            out.best[r] = bestColumn;
        }
        out.rows = devices.length;
        out.singleDeviceSeconds = singleDeviceSeconds;
    }

    /**
     * Data parallelism's step on {@code devices} GPUs at the first batch candidate, for a given single-GPU compute
     * and given multi-GPU terms instead of the profile's: the same exchange, timeline, accumulation and terms as
     * {@link #project}, for callers that fit those terms to measurements (the validation corpus). Allocates nothing.
     *
     * @param devices GPUs, at least 1
     * @param microSeconds one micro-step's compute on one GPU (forward and backward, with the per-step overhead)
     * @param optimizerSeconds the optimizer update once per step
     * @param syncOverheadSeconds the synchronisation overhead of a multi-GPU step (used if the step-overhead effect
     *     is on)
     * @param stragglerCv the coefficient of variation of a GPU's compute (used if the straggler effect is on)
     * @return seconds per step (all micro-steps, the exchange, the overheads)
     */
    public double dataParallelStepSeconds(final int devices, final double microSeconds, final double optimizerSeconds,
            final double syncOverheadSeconds, final double stragglerCv) {
        Checks.requireAtLeast("devices", devices, 1);
        final double dense = denseBytes[0][0];
        final double gathered = devices * gatherBytes[0][0];
        final double table = tableBytes[0][0];
        final double backward = BACKWARD_SHARE * microSeconds;
        final double forward = microSeconds - backward;
        final double exposed;
        if (timeline) {
            exposed = exchange.exposedSeconds(devices, 0, 0, dense, gathered, table, backward, forward, null);
        } else {
            final double comm = exchange.seconds(devices, 0, 0, dense, gathered, table);
            final double gather = exchange.parameterGatherSeconds(devices, 0, 0, dense);
            exposed = overlapped(comm, gather, exchange.exposedPartOfGather(gather, devices, 0, 0, dense, forward),
                    backward);
        }
        final boolean overheadOn = options.enabled(ScalingEffect.STEP_OVERHEAD);
        final boolean stragglerOn = options.enabled(ScalingEffect.STRAGGLER);
        final double overhead = (stragglerOn ? stragglerCv : 0.0) * SlowestOfN.expectedMax(devices) * rootAccumulation
                * microSeconds + (devices > 1 && overheadOn ? syncOverheadSeconds : 0.0);
        final double sharded = optimizerSeconds / exchange.groupSize(devices, 0);
        final double step = accumulation * microSeconds + sharded + overhead + exposed;
        final double samples = (double) batches[0] * accumulation;
        return inputRate > 0 ? Math.max(step, samples / inputRate) : step;
    }

    private double overlapped(final double comm, final double parameterGather, final double exposedGather,
            final double backward) {
        return exposedWithoutTimeline(comm, parameterGather, exposedGather, overlap, backward);
    }

    /**
     * The exposed part of an exchange with the timeline off: {@code overlap} of it may hide under the backward pass,
     * never more than the pass, except a sharded optimizer's parameter all-gather, which comes after the update: of
     * that, the part the next forward pass waits for is exposed.
     *
     * @param comm the whole exchange, seconds
     * @param parameterGather the part of it that cannot hide under the backward pass (a sharded optimizer's
     *     all-gather; 0 if replicated)
     * @param exposedGather the part of {@code parameterGather} the forward pass waits for (all of it unless the
     *     gather overlaps the forward pass)
     * @param overlap the fraction that may hide, in {@code [0, 1]}
     * @param backward the backward pass, seconds
     * @return exposed seconds
     */
    static double exposedWithoutTimeline(final double comm, final double parameterGather, final double exposedGather,
            final double overlap, final double backward) {
        final double hideable = comm - parameterGather;
        return hideable - Math.min(overlap * hideable, backward) + exposedGather;
    }

    private void checkDevices(final int n) {
        Checks.requireAtLeast("devices", n, 1);
        for (final int m : degrees) {
            if (m <= n && n % m != 0) {
                throw new IllegalArgumentException("devices = " + n + " is not divisible by mp degree = " + m
                        + ": every MP degree up to N must divide N");
            }
        }
    }

    private static void markInfeasible(final ProjectionTable out, final int cell) {
        out.feasible[cell] = false;
        out.batch[cell] = 0;
        out.globalBatch[cell] = 0;
        out.epochs[cell] = Double.NaN;
        out.mpSpeedup[cell] = Double.NaN;
        out.shardFraction[cell] = Double.NaN;
        out.computeSeconds[cell] = Double.NaN;
        out.commSeconds[cell] = Double.NaN;
        out.exposedCommSeconds[cell] = Double.NaN;
        out.overheadSeconds[cell] = Double.NaN;
        out.stepSeconds[cell] = Double.NaN;
        out.trainSeconds[cell] = Double.POSITIVE_INFINITY;
    }

    private void fillBest(final ProjectionTable out, final int cell, final int workers, final int mIndex,
            final int devices) {
        double bestTime = Double.POSITIVE_INFINITY;
        int bestB = 0;
        double bestCompute = 0;
        double bestComm = 0;
        double bestExposed = 0;
        double bestOverhead = 0;
        double bestStep = 0;
        double bestEpochs = 0;
        final double[] computeRow = computeTime[mIndex];
        final double[] microRow = microTime[mIndex];
        final double[] denseRow = denseBytes[mIndex];
        final double[] gatherRow = gatherBytes[mIndex];
        final double[] tableRow = tableBytes[mIndex];
        final double slowest = stragglerCv * SlowestOfN.expectedMax(devices) * rootAccumulation;
        final double sync = workers > 1 ? syncOverhead : 0.0;
        // a sharded optimizer updates 1/g of the worker's parameters
        final double unsharded = 1.0 - 1.0 / exchange.groupSize(workers, mIndex);
        final double[] optimizerRow = optimizerTime[mIndex];
        for (int b = 0; b < batchCount[mIndex]; b++) {
            final double worker = (double) batches[b] * accumulation;
            final double global = workers * worker;
            final double epochs = efficiency.epochs(global);
            final double computeSeconds = computeRow[b] - unsharded * optimizerRow[b];
            final double micro = microRow[b];
            final double backward = BACKWARD_SHARE * micro;
            final double forward = micro - backward;
            final double comm;
            final double exposed;
            if (timeline) {
                exposed = exchange.exposedSeconds(workers, mIndex, b, denseRow[b], workers * gatherRow[b],
                        tableRow[b], backward, forward, out.scratch);
                comm = out.scratch[0];
            } else {
                comm = exchange.seconds(workers, mIndex, b, denseRow[b], workers * gatherRow[b], tableRow[b]);
                final double gather = exchange.parameterGatherSeconds(workers, mIndex, b, denseRow[b]);
                exposed = overlapped(comm, gather,
                        exchange.exposedPartOfGather(gather, workers, mIndex, b, denseRow[b], forward), backward);
            }
            final double overhead = slowest * micro + sync;
            double step = computeSeconds + overhead + exposed;
            if (inputRate > 0) {
                step = Math.max(step, worker / (inputRate * degrees[mIndex]));
            }
            final double time = epochs * samples / global * step;
            if (time < bestTime) {
                bestTime = time;
                bestB = b;
                bestCompute = computeSeconds;
                bestComm = comm;
                bestExposed = exposed;
                bestOverhead = overhead;
                bestStep = step;
                bestEpochs = epochs;
            }
        }
        out.feasible[cell] = true;
        out.batch[cell] = batches[bestB];
        out.globalBatch[cell] = (double) workers * batches[bestB] * accumulation;
        out.epochs[cell] = bestEpochs;
        out.mpSpeedup[cell] = speedup[mIndex][bestB];
        out.shardFraction[cell] = shard[mIndex][bestB];
        out.computeSeconds[cell] = bestCompute;
        out.commSeconds[cell] = bestComm;
        out.exposedCommSeconds[cell] = bestExposed;
        out.overheadSeconds[cell] = bestOverhead;
        out.stepSeconds[cell] = bestStep;
        out.trainSeconds[cell] = bestTime;
    }
}

package org.scalebench.training.model;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.scalebench.core.Checks;
import org.scalebench.training.efficiency.InterpolatedEfficiency;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.parallel.MpSpeedupModel;

/**
 * What the projector needs to know about a network trained on a dataset:
 * <ul>
 *   <li>its parameter count, the bytes of dense gradient every step all-reduces and the dense parameters behind
 *   them;</li>
 *   <li>sparse gradients (rows of embedding and softmax tables, {@link SparseTable}): bytes per sample and per step
 *   that each worker contributes, the dense size of the tables they index (exchanged by all-gather, or densified
 *   and all-reduced when that is cheaper), and where a model-parallel worker keeps each table;</li>
 *   <li>samples per epoch {@code D};</li>
 *   <li>single-device step time against per-device batch, measured ({@link StepTimeCurve}, with its fixed part and
 *   byte floor), of which {@link #optimizerSeconds()} is the optimizer update (split by model parallelism like
 *   the parameters) and {@link #stepOverheadSeconds()} the rest of the fixed part (paid by every GPU); the
 *   largest per-device batch that fits;</li>
 *   <li>the precision the step times were measured in and the gradients' width, and a mixed-precision variant
 *   where a measured source exists ({@link #withPrecision});</li>
 *   <li>epochs to converge against global batch, and the measured points behind it if any;</li>
 *   <li>how {@code SU_MP(M)} is obtained, and so where each parameter sits.</li>
 * </ul>
 * Every number carries the source written in its data file ({@link #source(String)}).
 *
 * <p>Immutable and thread-safe.
 */
public final class ModelProfile {

    private final String name;
    private final String dataset;
    private final String measuredOn;
    private final Precision precision;
    private final GradientDtype gradientDtype;
    private final long parameters;
    private final long denseGradientBytes;
    private final double denseParameters;
    private final List<SparseTable> sparseTables;
    private final double sparseBytesPerSample;
    private final double sparseBytesPerStep;
    private final double sparseTableBytes;
    private final long samplesPerEpoch;
    private final int maxBatchPerDevice;
    private final StepTimeCurve stepTime;
    private final double stepOverheadSeconds;
    private final double optimizerSeconds;
    private final StatisticalEfficiency efficiency;
    private final InterpolatedEfficiency measuredEpochs;
    private final MpSpeedupModel mpSpeedup;
    private final ModelProfile mixed;
    private final ScalingTerms scaling;
    private final Map<String, String> sources;

    /**
     * Creates an FP32 profile with one sparse table spread over a worker's GPUs, no mixed-precision variant, and
     * the step-time curve's fixed part taken as a per-step overhead (no separate optimizer update). Use
     * {@link ModelCatalog} to read a full one.
     *
     * @param name the model's name
     * @param dataset the dataset's name
     * @param measuredOn the device and precision the step times were measured on
     * @param parameters parameter count, at least 1
     * @param denseGradientBytes dense gradient bytes all-reduced per step, at least 0
     * @param sparseBytesPerSample sparse gradient bytes per sample of a worker, at least 0
     * @param sparseBytesPerStep sparse gradient bytes per step of a worker, independent of batch, at least 0
     * @param sparseTableBytes dense size of the tables the sparse gradients index; positive if any sparse bytes
     * @param samplesPerEpoch samples per epoch {@code D}, at least 1
     * @param maxBatchPerDevice the largest per-device batch that fits, at least 1
     * @param stepTime single-device step time against batch
     * @param efficiency epochs to converge against global batch
     * @param mpSpeedup how {@code SU_MP(M)} is obtained
     * @param sources the source of every parameter, by parameter name
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public ModelProfile(final String name, final String dataset, final String measuredOn, final long parameters,
            final long denseGradientBytes,
            final double sparseBytesPerSample, final double sparseBytesPerStep, final double sparseTableBytes,
            final long samplesPerEpoch, final int maxBatchPerDevice, final StepTimeCurve stepTime,
            final StatisticalEfficiency efficiency, final MpSpeedupModel mpSpeedup, final Map<String, String> sources) {
        this(name, dataset, measuredOn, Precision.FP32, GradientDtype.FP32, parameters, denseGradientBytes,
                denseGradientBytes / (double) GradientDtype.FP32.bytes(),
                legacyTables(sparseBytesPerSample, sparseBytesPerStep, sparseTableBytes), samplesPerEpoch,
                maxBatchPerDevice, stepTime, stepTime.fixedSeconds(), 0.0, efficiency, null, mpSpeedup, null, sources);
    }

    private static List<SparseTable> legacyTables(final double perSample, final double perStep, final double table) {
        if (!(perSample >= 0) || !(perStep >= 0) || !(table >= 0)) {
            throw new IllegalArgumentException("sparse gradient bytes (" + perSample + ", " + perStep + ", table "
                    + table + "): must be at least 0");
        }
        if ((perSample > 0 || perStep > 0) && !(table > 0)) {
            throw new IllegalArgumentException("sparse_table_bytes = " + table
                    + ": must be positive when the model has sparse gradients");
        }
        return table > 0 ? List.of(new SparseTable("sparse", table, perSample, perStep, SparseTable.Placement.SPREAD))
                : List.of();
    }

    /**
     * Creates a profile with every part. Use {@link ModelCatalog} to read one from a data file.
     *
     * @param name the model's name
     * @param dataset the dataset's name
     * @param measuredOn the device and precision the step times were measured on
     * @param precision the precision of the step times
     * @param gradientDtype the width of the gradients exchanged
     * @param parameters parameter count, at least 1
     * @param denseGradientBytes dense gradient bytes all-reduced per step, at least 0
     * @param denseParameters the parameters behind the dense gradient, at least 0
     * @param sparseTables the tables with sparse gradients
     * @param samplesPerEpoch samples per epoch {@code D}, at least 1
     * @param maxBatchPerDevice the largest per-device batch that fits, at least 1
     * @param stepTime single-device step time against batch; its fixed part is overhead plus optimizer
     * @param stepOverheadSeconds the fixed part every GPU pays whatever it holds, seconds, at least 0
     * @param optimizerSeconds the single-device optimizer update, seconds, at least 0 (split like the parameters)
     * @param efficiency epochs to converge against global batch
     * @param measuredEpochs the measured (batch, epochs) points behind it, or null
     * @param mpSpeedup how {@code SU_MP(M)} is obtained
     * @param mixed the mixed-precision variant, or null if no measured source exists
     * @param sources the source of every parameter, by parameter name
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public ModelProfile(final String name, final String dataset, final String measuredOn, final Precision precision,
            final GradientDtype gradientDtype, final long parameters, final long denseGradientBytes,
            final double denseParameters, final List<SparseTable> sparseTables, final long samplesPerEpoch,
            final int maxBatchPerDevice, final StepTimeCurve stepTime, final double stepOverheadSeconds,
            final double optimizerSeconds, final StatisticalEfficiency efficiency,
            final InterpolatedEfficiency measuredEpochs, final MpSpeedupModel mpSpeedup, final ModelProfile mixed,
            final Map<String, String> sources) {
        this(name, dataset, measuredOn, precision, gradientDtype, parameters, denseGradientBytes, denseParameters,
                sparseTables, samplesPerEpoch, maxBatchPerDevice, stepTime, stepOverheadSeconds, optimizerSeconds,
                efficiency, measuredEpochs, mpSpeedup, mixed, ScalingTerms.NONE, sources);
    }

    /**
     * Creates a profile with every part and the multi-GPU step costs ({@link ScalingTerms}).
     *
     * @param name the model's name
     * @param dataset the dataset's name
     * @param measuredOn the device and precision the step times were measured on
     * @param precision the precision of the step times
     * @param gradientDtype the width of the gradients exchanged
     * @param parameters parameter count, at least 1
     * @param denseGradientBytes dense gradient bytes all-reduced per step, at least 0
     * @param denseParameters the parameters behind the dense gradient, at least 0
     * @param sparseTables the tables with sparse gradients
     * @param samplesPerEpoch samples per epoch {@code D}, at least 1
     * @param maxBatchPerDevice the largest per-device batch that fits, at least 1
     * @param stepTime single-device step time against batch; its fixed part is overhead plus optimizer
     * @param stepOverheadSeconds the fixed part every GPU pays whatever it holds, seconds, at least 0
     * @param optimizerSeconds the single-device optimizer update, seconds, at least 0 (split like the parameters)
     * @param efficiency epochs to converge against global batch
     * @param measuredEpochs the measured (batch, epochs) points behind it, or null
     * @param mpSpeedup how {@code SU_MP(M)} is obtained
     * @param mixed the mixed-precision variant, or null if no measured source exists
     * @param scaling the multi-GPU step costs
     * @param sources the source of every parameter, by parameter name
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public ModelProfile(final String name, final String dataset, final String measuredOn, final Precision precision,
            final GradientDtype gradientDtype, final long parameters, final long denseGradientBytes,
            final double denseParameters, final List<SparseTable> sparseTables, final long samplesPerEpoch,
            final int maxBatchPerDevice, final StepTimeCurve stepTime, final double stepOverheadSeconds,
            final double optimizerSeconds, final StatisticalEfficiency efficiency,
            final InterpolatedEfficiency measuredEpochs, final MpSpeedupModel mpSpeedup, final ModelProfile mixed,
            final ScalingTerms scaling, final Map<String, String> sources) {
        Checks.requireAtLeast("parameters", parameters, 1);
        Checks.requireAtLeast("dense_gradient_bytes", denseGradientBytes, 0);
        if (!(denseParameters >= 0)) {
            throw new IllegalArgumentException("dense parameters = " + denseParameters + ": must be at least 0");
        }
        Checks.requireAtLeast("samples_per_epoch", samplesPerEpoch, 1);
        Checks.requireAtLeast("max_batch_per_device", maxBatchPerDevice, 1);
        if (!(stepOverheadSeconds >= 0) || !(optimizerSeconds >= 0)
                || Math.abs(stepOverheadSeconds + optimizerSeconds - stepTime.fixedSeconds()) > 1e-12) {
            throw new IllegalArgumentException("step_overhead_s = " + stepOverheadSeconds + " and optimizer "
                    + optimizerSeconds + " s: must be at least 0 and add up to the step curve's fixed part "
                    + stepTime.fixedSeconds() + " s");
        }
        if (mixed != null && mixed.precision != Precision.MIXED) {
            throw new IllegalArgumentException("the mixed-precision variant of " + name + " has precision "
                    + mixed.precision.id());
        }
        this.name = name;
        this.dataset = dataset;
        this.measuredOn = measuredOn;
        this.precision = precision;
        this.gradientDtype = gradientDtype;
        this.parameters = parameters;
        this.denseGradientBytes = denseGradientBytes;
        this.denseParameters = denseParameters;
        this.sparseTables = List.copyOf(sparseTables);
        double perSample = 0;
        double perStep = 0;
        double table = 0;
        for (final SparseTable t : sparseTables) {
            perSample += t.bytesPerSample();
            perStep += t.bytesPerStep();
            table += t.tableBytes();
        }
        this.sparseBytesPerSample = perSample;
        this.sparseBytesPerStep = perStep;
        this.sparseTableBytes = table;
        this.samplesPerEpoch = samplesPerEpoch;
        this.maxBatchPerDevice = maxBatchPerDevice;
        this.stepTime = stepTime;
        this.stepOverheadSeconds = stepOverheadSeconds;
        this.optimizerSeconds = optimizerSeconds;
        this.efficiency = efficiency;
        this.measuredEpochs = measuredEpochs;
        this.mpSpeedup = mpSpeedup;
        this.mixed = mixed;
        this.scaling = scaling == null ? ScalingTerms.NONE : scaling;
        this.sources = Collections.unmodifiableMap(new TreeMap<>(sources));
    }

    private ModelProfile copy(final StepTimeCurve curve, final double overhead, final double optimizer,
            final StatisticalEfficiency other, final ModelProfile mixedVariant) {
        return new ModelProfile(name, dataset, measuredOn, precision, gradientDtype, parameters, denseGradientBytes,
                denseParameters, sparseTables, samplesPerEpoch, maxBatchPerDevice, curve, overhead, optimizer, other,
                measuredEpochs, mpSpeedup, mixedVariant, scaling, sources);
    }

    /**
     * The same profile with another statistical-efficiency curve (for sensitivity studies).
     *
     * @param other the curve
     * @return a new profile
     */
    public ModelProfile withEfficiency(final StatisticalEfficiency other) {
        return copy(stepTime, stepOverheadSeconds, optimizerSeconds, other,
                mixed == null ? null : mixed.withEfficiency(other));
    }

    /**
     * The same profile with another step-time curve of the same fixed part (for sensitivity studies).
     *
     * @param curve the curve
     * @return a new profile
     */
    public ModelProfile withStepTime(final StepTimeCurve curve) {
        return copy(curve, stepOverheadSeconds, optimizerSeconds, efficiency, mixed);
    }

    /**
     * The same profile with another per-step overhead (the optimizer update unchanged), for sensitivity studies.
     *
     * @param seconds the overhead every GPU pays per step, at least 0
     * @return a new profile
     */
    public ModelProfile withStepOverhead(final double seconds) {
        return withFixedParts(seconds, optimizerSeconds);
    }

    /**
     * The same profile with another per-device batch limit (a measured run that fitted a larger batch).
     *
     * @param batch the largest per-device batch, at least 1
     * @return a new profile
     */
    public ModelProfile withMaxBatchPerDevice(final int batch) {
        return new ModelProfile(name, dataset, measuredOn, precision, gradientDtype, parameters, denseGradientBytes,
                denseParameters, sparseTables, samplesPerEpoch, batch, stepTime, stepOverheadSeconds, optimizerSeconds,
                efficiency, measuredEpochs, mpSpeedup, mixed == null ? null : mixed.withMaxBatchPerDevice(batch),
                scaling, sources);
    }

    /**
     * The same profile with other fixed parts of the step (for sensitivity studies): the step-time curve keeps its
     * measurements and re-splits them. A mixed-precision variant whose measured steps are too short to hold the
     * fixed parts is dropped (mixed steps are shorter than FP32's, so its bound is the lower one); this profile's
     * own precision decides whether the call is allowed.
     *
     * @param overhead the per-step overhead every GPU pays, seconds, at least 0
     * @param optimizer the single-device optimizer update, seconds, at least 0
     * @return a new profile
     * @throws IllegalArgumentException if this profile's shortest measured step is not longer than the fixed parts
     */
    public ModelProfile withFixedParts(final double overhead, final double optimizer) {
        final StepTimeCurve curve = stepTime.withFixedSeconds(overhead + optimizer);
        ModelProfile mixedVariant = null;
        if (mixed != null) {
            try {
                mixedVariant = mixed.withFixedParts(overhead, optimizer);
            } catch (final IllegalArgumentException tooShort) {
                mixedVariant = null; // withPrecision(MIXED) then refuses, as for a profile without mixed steps
            }
        }
        return copy(curve, overhead, optimizer, efficiency, mixedVariant);
    }

    /**
     * The same profile with other multi-GPU step costs (its mixed-precision variant too).
     *
     * @param terms the costs
     * @return a new profile
     */
    public ModelProfile withScaling(final ScalingTerms terms) {
        return new ModelProfile(name, dataset, measuredOn, precision, gradientDtype, parameters, denseGradientBytes,
                denseParameters, sparseTables, samplesPerEpoch, maxBatchPerDevice, stepTime, stepOverheadSeconds,
                optimizerSeconds, efficiency, measuredEpochs, mpSpeedup, mixed == null ? null : mixed.withScaling(terms),
                terms, sources);
    }

    /**
     * The same profile with another MP model (its mixed-precision variant too), for sensitivity studies.
     *
     * @param model the MP model
     * @return a new profile
     */
    public ModelProfile withMpSpeedup(final MpSpeedupModel model) {
        return new ModelProfile(name, dataset, measuredOn, precision, gradientDtype, parameters, denseGradientBytes,
                denseParameters, sparseTables, samplesPerEpoch, maxBatchPerDevice, stepTime, stepOverheadSeconds,
                optimizerSeconds, efficiency, measuredEpochs, model, mixed == null ? null : mixed.withMpSpeedup(model),
                scaling, sources);
    }

    /**
     * The multi-GPU step costs.
     *
     * @return the terms ({@link ScalingTerms#NONE} unless set)
     */
    public ScalingTerms scaling() {
        return scaling;
    }

    /**
     * The profile in another precision.
     *
     * @param p the precision
     * @return this profile for its own precision, else its variant
     * @throws IllegalArgumentException if no measured source exists for that precision
     */
    public ModelProfile withPrecision(final Precision p) {
        if (p == precision) {
            return this;
        }
        if (mixed == null) {
            throw new IllegalArgumentException("precision = " + p.id() + ": " + name + " has no measured "
                    + p.id() + "-precision step times (the profile gives " + precision.id() + " only)");
        }
        return mixed;
    }

    /**
     * The precisions this profile has measured step times for.
     *
     * @return {@code [fp32]} or {@code [fp32, mixed]}
     */
    public List<Precision> precisions() {
        return mixed == null ? List.of(precision) : List.of(precision, Precision.MIXED);
    }

    /**
     * The model's name.
     *
     * @return e.g. {@code inception-v3}
     */
    public String name() {
        return name;
    }

    /**
     * The dataset's name.
     *
     * @return e.g. {@code ImageNet-1k}
     */
    public String dataset() {
        return dataset;
    }

    /**
     * The device and precision the step times were measured on.
     *
     * @return e.g. {@code Tesla V100, FP32}
     */
    public String measuredOn() {
        return measuredOn;
    }

    /**
     * The precision of the step times.
     *
     * @return the precision
     */
    public Precision precision() {
        return precision;
    }

    /**
     * The width of the gradients exchanged.
     *
     * @return the type
     */
    public GradientDtype gradientDtype() {
        return gradientDtype;
    }

    /**
     * The parameters behind the dense gradient.
     *
     * @return parameters
     */
    public double denseParameters() {
        return denseParameters;
    }

    /**
     * The tables with sparse gradients.
     *
     * @return the tables, unmodifiable
     */
    public List<SparseTable> sparseTables() {
        return sparseTables;
    }

    /**
     * The fixed part of every step that model parallelism does not split: kernel launches, input pipeline,
     * synchronisation.
     *
     * @return seconds
     */
    public double stepOverheadSeconds() {
        return stepOverheadSeconds;
    }

    /**
     * The optimizer update of the whole model on one device, a fixed part of every step that model parallelism
     * splits like the parameters (each GPU updates its own).
     *
     * @return seconds
     */
    public double optimizerSeconds() {
        return optimizerSeconds;
    }

    /**
     * The measured (batch, epochs) points behind the epochs curve.
     *
     * @return their log-log interpolation, or null if the profile has none
     */
    public InterpolatedEfficiency measuredEpochs() {
        return measuredEpochs;
    }

    /**
     * Parameter count.
     *
     * @return parameters
     */
    public long parameters() {
        return parameters;
    }

    /**
     * Dense gradient bytes all-reduced per step.
     *
     * @return bytes
     */
    public long denseGradientBytes() {
        return denseGradientBytes;
    }

    /**
     * Sparse gradient bytes a worker contributes per sample.
     *
     * @return bytes
     */
    public double sparseBytesPerSample() {
        return sparseBytesPerSample;
    }

    /**
     * Sparse gradient bytes a worker contributes per step, independent of its batch.
     *
     * @return bytes
     */
    public double sparseBytesPerStep() {
        return sparseBytesPerStep;
    }

    /**
     * Dense size of the tables the sparse gradients index.
     *
     * @return bytes
     */
    public double sparseTableBytes() {
        return sparseTableBytes;
    }

    /**
     * Samples per epoch {@code D}.
     *
     * @return samples
     */
    public long samplesPerEpoch() {
        return samplesPerEpoch;
    }

    /**
     * The largest per-device batch that fits in device memory.
     *
     * @return samples
     */
    public int maxBatchPerDevice() {
        return maxBatchPerDevice;
    }

    /**
     * Single-device step time against batch.
     *
     * @return the curve
     */
    public StepTimeCurve stepTime() {
        return stepTime;
    }

    /**
     * Epochs to converge against global batch.
     *
     * @return the curve
     */
    public StatisticalEfficiency efficiency() {
        return efficiency;
    }

    /**
     * How {@code SU_MP(M)} is obtained.
     *
     * @return the model
     */
    public MpSpeedupModel mpSpeedup() {
        return mpSpeedup;
    }

    /**
     * The source of a parameter as written in the data file (keyed rows as {@code parameter[key]}).
     *
     * @param parameter e.g. {@code samples_per_epoch} or {@code step_time[128]}
     * @return the source, or an empty string if unknown
     */
    public String source(final String parameter) {
        return sources.getOrDefault(parameter, "");
    }

    /**
     * Every parameter's source.
     *
     * @return parameter to source, sorted
     */
    public Map<String, String> sources() {
        return sources;
    }

    @Override
    public String toString() {
        return name + " on " + dataset;
    }
}

package org.scalebench.training.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.parallel.MpSpeedupModel;

/**
 * What the projector needs to know about a network trained on a dataset:
 * <ul>
 *   <li>its parameter count and the bytes of dense gradient every step all-reduces;</li>
 *   <li>sparse gradients (rows of embedding and softmax tables): bytes per sample and per step that each worker
 *   contributes, and the dense size of the tables they index (exchanged by all-gather, or densified and
 *   all-reduced when that is cheaper);</li>
 *   <li>samples per epoch {@code D};</li>
 *   <li>single-device step time against per-device batch, measured, and the largest per-device batch that
 *   fits;</li>
 *   <li>epochs to converge against global batch;</li>
 *   <li>how {@code SU_MP(M)} is obtained.</li>
 * </ul>
 * Every number carries the source written in its data file ({@link #source(String)}).
 *
 * <p>Immutable and thread-safe.
 */
public final class ModelProfile {

    private final String name;
    private final String dataset;
    private final String measuredOn;
    private final long parameters;
    private final long denseGradientBytes;
    private final double sparseBytesPerSample;
    private final double sparseBytesPerStep;
    private final double sparseTableBytes;
    private final long samplesPerEpoch;
    private final int maxBatchPerDevice;
    private final StepTimeCurve stepTime;
    private final StatisticalEfficiency efficiency;
    private final MpSpeedupModel mpSpeedup;
    private final Map<String, String> sources;

    /**
     * Creates a profile. Use {@link ModelCatalog} to read one from a data file.
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
        if (parameters < 1) {
            throw new IllegalArgumentException("parameters = " + parameters + ": must be at least 1");
        }
        if (denseGradientBytes < 0) {
            throw new IllegalArgumentException("dense_gradient_bytes = " + denseGradientBytes + ": must be at least 0");
        }
        if (!(sparseBytesPerSample >= 0) || !(sparseBytesPerStep >= 0) || !(sparseTableBytes >= 0)) {
            throw new IllegalArgumentException("sparse gradient bytes (" + sparseBytesPerSample + ", "
                    + sparseBytesPerStep + ", table " + sparseTableBytes + "): must be at least 0");
        }
        if ((sparseBytesPerSample > 0 || sparseBytesPerStep > 0) && !(sparseTableBytes > 0)) {
            throw new IllegalArgumentException("sparse_table_bytes = " + sparseTableBytes
                    + ": must be positive when the model has sparse gradients");
        }
        if (samplesPerEpoch < 1) {
            throw new IllegalArgumentException("samples_per_epoch = " + samplesPerEpoch + ": must be at least 1");
        }
        if (maxBatchPerDevice < 1) {
            throw new IllegalArgumentException("max_batch_per_device = " + maxBatchPerDevice + ": must be at least 1");
        }
        this.name = name;
        this.dataset = dataset;
        this.measuredOn = measuredOn;
        this.parameters = parameters;
        this.denseGradientBytes = denseGradientBytes;
        this.sparseBytesPerSample = sparseBytesPerSample;
        this.sparseBytesPerStep = sparseBytesPerStep;
        this.sparseTableBytes = sparseTableBytes;
        this.samplesPerEpoch = samplesPerEpoch;
        this.maxBatchPerDevice = maxBatchPerDevice;
        this.stepTime = stepTime;
        this.efficiency = efficiency;
        this.mpSpeedup = mpSpeedup;
        this.sources = Collections.unmodifiableMap(new TreeMap<>(sources));
    }

    /**
     * The same profile with another statistical-efficiency curve (for sensitivity studies).
     *
     * @param other the curve
     * @return a new profile
     */
    public ModelProfile withEfficiency(final StatisticalEfficiency other) {
        return new ModelProfile(name, dataset, measuredOn, parameters, denseGradientBytes, sparseBytesPerSample, sparseBytesPerStep,
                sparseTableBytes, samplesPerEpoch, maxBatchPerDevice, stepTime, other, mpSpeedup, sources);
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

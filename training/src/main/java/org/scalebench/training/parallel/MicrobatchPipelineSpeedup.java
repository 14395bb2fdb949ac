package org.scalebench.training.parallel;

import java.util.Locale;
import org.scalebench.core.Checks;
import org.scalebench.training.cluster.Cluster;

/**
 * {@code SU_MP(M)} of a synchronous micro-batched pipeline (GPipe; Huang et al. 2019; the bubble analysis of
 * Narayanan et al., SC 2021): the worker's batch {@code b} is cut into {@code k} micro-batches that flow through
 * {@code S = min(M, L)} contiguous stages (heaviest stage as light as possible); forward then backward take
 * <pre>
 *   (k + S - 1) * max_s (e_s + 2 x_s)
 * </pre>
 * where {@code e_s} is stage {@code s}'s share of the single-device step time at batch {@code b / k} and
 * {@code x_s} the activation (forward) or gradient (backward) transfer into it. The bubble fraction is
 * {@code (S - 1) / k}. Smaller micro-batches run less efficiently on a GPU, which the measured step-time curve at
 * {@code b / k} carries.
 *
 * <p>Immutable and thread-safe.
 */
public final class MicrobatchPipelineSpeedup implements MpSpeedupModel {

    private final double[] layerWeights;
    private final int microbatches;
    private final double boundaryBytes;
    private final double totalWeight;

    /**
     * Creates the model.
     *
     * @param layerWeights relative work of each layer in pipeline order, positive
     * @param microbatches micro-batches per step {@code k}, at least 1
     * @param boundaryBytes activation bytes per sample crossing a stage boundary, at least 0
     */
    public MicrobatchPipelineSpeedup(final double[] layerWeights, final int microbatches, final double boundaryBytes) {
        if (layerWeights.length == 0) {
            throw new IllegalArgumentException("pipeline layers: none given: needs at least one");
        }
        double total = 0;
        for (final double w : layerWeights) {
            if (!(w > 0)) {
                throw new IllegalArgumentException("pipeline layer weight = " + w + ": must be positive");
            }
            total += w;
        }
        Checks.requireAtLeast("microbatches", microbatches, 1);
        if (!(boundaryBytes >= 0)) {
            throw new IllegalArgumentException("boundary bytes = " + boundaryBytes + ": must be at least 0");
        }
        this.layerWeights = layerWeights.clone();
        this.microbatches = microbatches;
        this.boundaryBytes = boundaryBytes;
        this.totalWeight = total;
    }

    @Override
    public String name() {
        return String.format(Locale.ROOT, "microbatch-pipeline (GPipe, %d micro-batches)", microbatches);
    }

    @Override
    public double speedup(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        if (m == 1) {
            return 1.0;
        }
        final int stages = Math.min(m, layerWeights.length);
        final double[] stageWeights = StagePartition.balance(layerWeights, stages);
        final double micro = workerBatch / microbatches;
        final double microStep = compute.seconds(micro);
        final int[] group = cluster.bestGroup(m);
        double slowest = 0;
        for (int s = 0; s < stages; s++) {
            final double transfer = s == 0 ? 0.0
                    : cluster.peerLatency() + boundaryBytes * micro / cluster.peerBandwidth(group[s - 1], group[s]);
            slowest = Math.max(slowest, stageWeights[s] / totalWeight * microStep + 2 * transfer);
        }
        final double pipelined = (microbatches + stages - 1) * slowest;
        return Math.max(1.0, compute.seconds(workerBatch) / pipelined);
    }

    /**
     * The bubble fraction {@code (S - 1) / k} for {@code S} stages.
     *
     * @param stages pipeline stages, at least 1
     * @return idle time over useful time
     */
    public double bubbleFraction(final int stages) {
        return (stages - 1.0) / microbatches;
    }
}

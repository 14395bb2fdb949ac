package org.scalebench.training.parallel;

import java.util.List;
import org.scalebench.training.cluster.Cluster;

/**
 * {@code SU_MP(M)} of stacked LSTMs split layer-wise over {@code M} GPUs and pipelined over time steps (the
 * "wavefront" of GNMT's layer-per-GPU placement, Wu et al. 2016): cell {@code (layer l, step t)} needs
 * {@code (l-1, t)} and {@code (l, t-1)}, so with the layers of a phase cut into {@code S = min(M, L)} contiguous
 * stages (heaviest stage as light as possible), a phase of {@code T} steps takes
 * <pre>
 *   sum_s (c_s + x_s) + (T - 1) * max_s (c_s + x_s)
 * </pre>
 * forward, {@code c_s} a stage's work per step and {@code x_s} the hidden state's transfer into it; the backward
 * pass is the same wavefront in reverse with twice the work. A bidirectional first layer runs its two directions
 * on two GPUs at once and must finish before the next layer starts (the whole sequence is needed). Heads that do
 * not recur (attention, softmax) split evenly over the {@code M} GPUs after the phase; phases run one after the
 * other (the decoder attends to the whole encoder output). The single-device step time is split over cells in
 * proportion to their weights, so with {@code M = 1} the model returns the measured step time exactly.
 *
 * <p>Immutable and thread-safe.
 */
public final class LstmWavefrontSpeedup implements MpSpeedupModel {

    private final List<LstmPhase> phases;
    private final double weightSteps;

    /**
     * Creates the model.
     *
     * @param phases the phases in execution order, at least one
     */
    public LstmWavefrontSpeedup(final List<LstmPhase> phases) {
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("lstm phases: none given: needs at least one");
        }
        this.phases = List.copyOf(phases);
        double w = 0;
        for (final LstmPhase p : phases) {
            w += p.timeSteps() * p.weightsPerStep();
        }
        this.weightSteps = w;
    }

    /**
     * The phases.
     *
     * @return the phases in execution order
     */
    public List<LstmPhase> phases() {
        return phases;
    }

    @Override
    public String name() {
        return "lstm-wavefront";
    }

    @Override
    public double speedup(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        if (m == 1) {
            return 1.0;
        }
        final double step = compute.seconds(workerBatch);
        return Math.max(1.0, step / stepSeconds(m, workerBatch, step, cluster));
    }

    /**
     * The speedup and where the dense parameters sit: a phase's unidirectional layers on the GPUs of their stages
     * (stage {@code s} on the worker's GPU {@code s}), a bidirectional first layer's two directions on GPUs 0 and
     * 1, its embedding on GPU 0, and its heads split evenly over the {@code m} GPUs.
     */
    @Override
    public MpPlacement place(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        final double[] placed = new double[m];
        for (final LstmPhase phase : phases) {
            placed[0] += phase.embeddingParameters();
            if (phase.bidirectionalWeights() > 0) {
                if (m >= 2) {
                    placed[0] += phase.bidirectionalWeights() / 2;
                    placed[1] += phase.bidirectionalWeights() / 2;
                } else {
                    placed[0] += phase.bidirectionalWeights();
                }
            }
            final double[] layers = phase.layerWeights();
            final int stages = Math.min(m, layers.length);
            final int[] first = StagePartition.firstLayers(layers, stages);
            for (int s = 0; s < stages; s++) {
                final int end = s + 1 < stages ? first[s + 1] : layers.length;
                for (int i = first[s]; i < end; i++) {
                    placed[s] += layers[i];
                }
            }
            for (final double h : phase.headParameters()) {
                for (int g = 0; g < m; g++) {
                    placed[g] += h / m;
                }
            }
        }
        return new MpPlacement(speedup(m, workerBatch, compute, cluster), placed);
    }

    /**
     * The modelled step time on {@code m} GPUs.
     *
     * @param m GPUs, at least 1
     * @param batch worker batch
     * @param singleDeviceStep measured single-device step time at that batch, seconds
     * @param cluster the cluster
     * @return seconds
     */
    public double stepSeconds(final int m, final double batch, final double singleDeviceStep, final Cluster cluster) {
        final double unit = singleDeviceStep / (3.0 * weightSteps);
        final int[] group = cluster.bestGroup(m);
        final double latency = cluster.peerLatency();
        double forward = 0;
        double backward = 0;
        int previousLast = 0;
        double previousBytes = 0;
        for (final LstmPhase phase : phases) {
            final double t = phase.timeSteps();
            final double hidden = phase.boundaryBytes() * batch;
            if (previousBytes > 0 && group[previousLast] != group[0]) {
                final double handOff = latency + previousBytes / cluster.peerBandwidth(group[previousLast], group[0]);
                forward += handOff;
                backward += handOff;
            }
            if (phase.bidirectionalWeights() > 0) {
                final double work = t * phase.bidirectionalWeights() * unit;
                if (m >= 2) {
                    final double join = latency + t * hidden / cluster.peerBandwidth(group[1], group[0]);
                    forward += work / 2 + join;
                    backward += work + join;
                } else {
                    forward += work;
                    backward += 2 * work;
                }
            }
            final double[] layers = phase.layerWeights();
            final int stages = Math.min(m, layers.length);
            final double[] stageWeights = StagePartition.balance(layers, stages);
            double sumF = 0;
            double maxF = 0;
            double sumB = 0;
            double maxB = 0;
            for (int s = 0; s < stages; s++) {
                final double transfer = s == 0 ? 0.0
                        : latency + hidden / cluster.peerBandwidth(group[s - 1], group[s]);
                final double f = stageWeights[s] * unit + transfer;
                final double b = 2 * stageWeights[s] * unit + transfer;
                sumF += f;
                maxF = Math.max(maxF, f);
                sumB += b;
                maxB = Math.max(maxB, b);
            }
            forward += sumF + (t - 1) * maxF;
            backward += sumB + (t - 1) * maxB;
            double heads = 0;
            for (final double h : phase.headWeights()) {
                heads += h;
            }
            if (heads > 0) {
                final double spread = m > 1 ? latency + t * hidden / minPeerBandwidth(group, cluster) : 0.0;
                forward += t * heads * unit / m + spread;
                backward += 2 * t * heads * unit / m + spread;
            }
            previousLast = stages - 1;
            previousBytes = t * hidden;
        }
        return forward + backward;
    }

    private static double minPeerBandwidth(final int[] group, final Cluster cluster) {
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < group.length; i++) {
            for (int j = i + 1; j < group.length; j++) {
                min = Math.min(min, cluster.peerBandwidth(group[i], group[j]));
            }
        }
        return min;
    }
}

package org.scalebench.training.projection;

import java.util.EnumSet;
import java.util.Set;
import org.scalebench.training.cluster.NicSharing;
import org.scalebench.training.collective.NcclCorrection;
import org.scalebench.training.collective.NcclGeneration;

/**
 * Choices of a projection that are not properties of the model or the cluster.
 *
 * @param overlap fraction of the gradient exchange that may hide under the backward pass, in {@code [0, 1]}:
 *     the exposed time is {@code comm - min(overlap * comm, backward compute)}; 0 exposes all of it
 * @param shardedAllReduce true if each of a hybrid worker's {@code M} GPUs exchanges only the gradient of the
 *     parameters it holds (M concurrent rings, the slowest carrying the placement's largest shard); false if one
 *     GPU per worker exchanges the whole gradient
 * @param communication how the gradient exchange is priced
 * @param ncclGeneration the NCCL constants for {@link CommunicationModel#NCCL}, or null for the cluster's own
 * @param fixedBatch per-device (DP) or per-worker (hybrid) batch to use for every strategy, or 0 to choose the
 *     fastest power of two per strategy
 * @param evenShards true to price every shard at {@code G / M} whatever the placement (an assumption, for
 *     sensitivity studies); false to use the placement's largest shard
 * @param nicSharing how a node's GPUs share its NICs, or null for the cluster's own
 * @param disabledNcclCorrections NCCL corrections not to apply (sensitivity studies); empty by default
 * @param bucketBytes the size of the buckets a data-parallel framework all-reduces one after the other (PyTorch
 *     DDP, Apex {@code message_size}), each paying the collective's latency; 0 for one all-reduce of the whole
 *     gradient (the default)
 * @param accumulationSteps micro-steps whose gradients a worker accumulates before one exchange and one optimizer
 *     update, at least 1 (1: no accumulation); the global batch is {@code W * b * accumulationSteps}
 * @param disabledEffects parts of the step model switched off ({@link ScalingEffect}); empty by default
 * @param optimizerSharding where the optimizer state lives and how the gradient is exchanged for it
 *     ({@link OptimizerSharding#REPLICATED} by default)
 * @param parameterGatherOverlapped with a sharded optimizer: true if the updated parameters are all-gathered in buckets
 *     while the next forward pass runs (Megatron-LM's {@code --overlap-param-gather}, PyTorch FSDP's forward
 *     prefetch), so that the forward pass waits only for the buckets not yet gathered when it needs them; false
 *     (the default) if the forward pass waits for the whole gather. Only a sharded optimizer gathers parameters.
 */
public record ProjectionOptions(double overlap, boolean shardedAllReduce, CommunicationModel communication,
        NcclGeneration ncclGeneration, int fixedBatch, boolean evenShards, NicSharing nicSharing,
        Set<NcclCorrection> disabledNcclCorrections, long bucketBytes, int accumulationSteps,
        Set<ScalingEffect> disabledEffects, OptimizerSharding optimizerSharding, boolean parameterGatherOverlapped) {

    /**
     * No overlap, sharded all-reduce by the placement's shards, NCCL model with the cluster's generation and NIC
     * sharing, batch chosen per strategy.
     */
    public static final ProjectionOptions DEFAULTS = new ProjectionOptions(0.0, true, CommunicationModel.NCCL, null, 0);

    /**
     * Validates the options.
     *
     * @throws IllegalArgumentException naming the option, its value and what is allowed
     */
    public ProjectionOptions {
        if (!(overlap >= 0 && overlap <= 1)) {
            throw new IllegalArgumentException("overlap = " + overlap + ": must be in [0, 1]");
        }
        if (communication == null) {
            throw new IllegalArgumentException("communication = null: must be nccl, ring, hierarchical or"
                    + " hierarchical-tree");
        }
        if (fixedBatch < 0) {
            throw new IllegalArgumentException("batch = " + fixedBatch + ": must be at least 1 (or 0 to choose)");
        }
        disabledNcclCorrections = disabledNcclCorrections.isEmpty() ? Set.of()
                : Set.copyOf(EnumSet.copyOf(disabledNcclCorrections));
        if (bucketBytes < 0) {
            throw new IllegalArgumentException("bucket bytes = " + bucketBytes + ": must be at least 0 (0: no buckets)");
        }
        if (accumulationSteps < 1) {
            throw new IllegalArgumentException("accumulation steps = " + accumulationSteps + ": must be at least 1");
        }
        disabledEffects = disabledEffects.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(disabledEffects));
        if (optimizerSharding == null) {
            throw new IllegalArgumentException("optimizer = null: must be replicated, sharded or sharded-in-node");
        }
        if (optimizerSharding != OptimizerSharding.REPLICATED && communication != CommunicationModel.NCCL) {
            throw new IllegalArgumentException("optimizer = " + optimizerSharding.id() + " with communication = "
                    + communication.id() + ": a sharded optimizer's exchange is priced with the nccl model only");
        }
        if (parameterGatherOverlapped && optimizerSharding == OptimizerSharding.REPLICATED) {
            throw new IllegalArgumentException("parameter gather = overlapped with optimizer = replicated: only a"
                    + " sharded optimizer (sharded or sharded-in-node) gathers parameters");
        }
    }

    /**
     * Whether a part of the step model is on.
     *
     * @param effect the part
     * @return true unless switched off
     */
    public boolean enabled(final ScalingEffect effect) {
        return !disabledEffects.contains(effect);
    }

    /**
     * Options with the placement's shards, the cluster's NIC sharing and every NCCL correction.
     *
     * @param overlap the overlap fraction
     * @param shardedAllReduce true for a sharded all-reduce
     * @param communication how the exchange is priced
     * @param ncclGeneration NCCL constants, or null for the cluster's
     * @param fixedBatch the batch, or 0 to choose
     */
    public ProjectionOptions(final double overlap, final boolean shardedAllReduce,
            final CommunicationModel communication, final NcclGeneration ncclGeneration, final int fixedBatch) {
        this(overlap, shardedAllReduce, communication, ncclGeneration, fixedBatch, false, null, Set.of(), 0, 1,
                Set.of(), OptimizerSharding.REPLICATED, false);
    }

    /**
     * These options with another overlap.
     *
     * @param value the overlap fraction
     * @return new options
     */
    public ProjectionOptions withOverlap(final double value) {
        final Copy c = new Copy(this);
        c.overlap = value;
        return c.build();
    }

    /**
     * These options with sharding switched.
     *
     * @param value true for a sharded all-reduce
     * @return new options
     */
    public ProjectionOptions withShardedAllReduce(final boolean value) {
        final Copy c = new Copy(this);
        c.shardedAllReduce = value;
        return c.build();
    }

    /**
     * These options with another communication model.
     *
     * @param value the model
     * @return new options
     */
    public ProjectionOptions withCommunication(final CommunicationModel value) {
        final Copy c = new Copy(this);
        c.communication = value;
        return c.build();
    }

    /**
     * These options with other NCCL constants.
     *
     * @param value the generation, or null for the cluster's
     * @return new options
     */
    public ProjectionOptions withNcclGeneration(final NcclGeneration value) {
        final Copy c = new Copy(this);
        c.ncclGeneration = value;
        return c.build();
    }

    /**
     * These options with a fixed batch.
     *
     * @param value the batch, at least 1, or 0 to choose per strategy
     * @return new options
     */
    public ProjectionOptions withFixedBatch(final int value) {
        final Copy c = new Copy(this);
        c.fixedBatch = value;
        return c.build();
    }

    /**
     * These options with even {@code G / M} shards (true) or the placement's (false).
     *
     * @param value true for even shards
     * @return new options
     */
    public ProjectionOptions withEvenShards(final boolean value) {
        final Copy c = new Copy(this);
        c.evenShards = value;
        return c.build();
    }

    /**
     * These options with another NIC sharing.
     *
     * @param value the sharing, or null for the cluster's
     * @return new options
     */
    public ProjectionOptions withNicSharing(final NicSharing value) {
        final Copy c = new Copy(this);
        c.nicSharing = value;
        return c.build();
    }

    /**
     * These options with some NCCL corrections switched off.
     *
     * @param value the corrections not to apply
     * @return new options
     */
    public ProjectionOptions withDisabledNcclCorrections(final Set<NcclCorrection> value) {
        final Copy c = new Copy(this);
        c.disabledNcclCorrections = value;
        return c.build();
    }

    /**
     * These options with gradient buckets.
     *
     * @param value bytes per bucket, or 0 for one all-reduce of the whole gradient
     * @return new options
     */
    public ProjectionOptions withBucketBytes(final long value) {
        final Copy c = new Copy(this);
        c.bucketBytes = value;
        return c.build();
    }

    /**
     * These options with gradient accumulation.
     *
     * @param value micro-steps per exchange, at least 1
     * @return new options
     */
    public ProjectionOptions withAccumulationSteps(final int value) {
        final Copy c = new Copy(this);
        c.accumulationSteps = value;
        return c.build();
    }

    /**
     * These options with some parts of the step model switched off.
     *
     * @param value the parts to switch off
     * @return new options
     */
    public ProjectionOptions withDisabledEffects(final Set<ScalingEffect> value) {
        final Copy c = new Copy(this);
        c.disabledEffects = value;
        return c.build();
    }

    /**
     * A copy with another optimizer sharding.
     *
     * @param value where the optimizer state lives
     * @return the copy
     */
    public ProjectionOptions withOptimizerSharding(final OptimizerSharding value) {
        final Copy c = new Copy(this);
        c.optimizerSharding = value;
        return c.build();
    }

    /**
     * These options with the parameter gather of a sharded optimizer overlapped with the next forward pass, or not.
     *
     * @param value true to gather the parameters in buckets during the forward pass
     * @return new options
     * @throws IllegalArgumentException if {@code value} is true and the optimizer is replicated
     */
    public ProjectionOptions withParameterGatherOverlapped(final boolean value) {
        final Copy c = new Copy(this);
        c.parameterGatherOverlapped = value;
        return c.build();
    }

    /**
     * A mutable copy of every component, so that each {@code with...} method changes one and a new component is
     * added here and in the record only.
     */
    private static final class Copy {
        private double overlap;
        private boolean shardedAllReduce;
        private CommunicationModel communication;
        private NcclGeneration ncclGeneration;
        private int fixedBatch;
        private boolean evenShards;
        private NicSharing nicSharing;
        private Set<NcclCorrection> disabledNcclCorrections;
        private long bucketBytes;
        private int accumulationSteps;
        private Set<ScalingEffect> disabledEffects;
        private OptimizerSharding optimizerSharding;
        private boolean parameterGatherOverlapped;

        Copy(final ProjectionOptions o) {
            overlap = o.overlap;
            shardedAllReduce = o.shardedAllReduce;
            communication = o.communication;
            ncclGeneration = o.ncclGeneration;
            fixedBatch = o.fixedBatch;
            evenShards = o.evenShards;
            nicSharing = o.nicSharing;
            disabledNcclCorrections = o.disabledNcclCorrections;
            bucketBytes = o.bucketBytes;
            accumulationSteps = o.accumulationSteps;
            disabledEffects = o.disabledEffects;
            optimizerSharding = o.optimizerSharding;
            parameterGatherOverlapped = o.parameterGatherOverlapped;
        }

        /** The options, validated as any other. */
        ProjectionOptions build() {
            return new ProjectionOptions(overlap, shardedAllReduce, communication, ncclGeneration, fixedBatch,
                    evenShards, nicSharing, disabledNcclCorrections, bucketBytes, accumulationSteps, disabledEffects,
                    optimizerSharding, parameterGatherOverlapped);
        }
    }
}

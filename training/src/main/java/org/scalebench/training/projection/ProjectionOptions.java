package org.scalebench.training.projection;

import org.scalebench.training.collective.NcclGeneration;

/**
 * Choices of a projection that are not properties of the model or the cluster.
 *
 * @param overlap fraction of the gradient exchange that may hide under the backward pass, in {@code [0, 1]}:
 *     the exposed time is {@code comm - min(overlap * comm, backward compute)}; 0 exposes all of it
 * @param shardedAllReduce true if each of a hybrid worker's {@code M} GPUs all-reduces only its {@code 1/M}
 *     shard of the gradient (M concurrent rings); false if one GPU per worker all-reduces the whole gradient
 * @param communication how the gradient exchange is priced
 * @param ncclGeneration the NCCL constants for {@link CommunicationModel#NCCL}, or null for the cluster's own
 * @param fixedBatch per-device (DP) or per-worker (hybrid) batch to use for every strategy, or 0 to choose the
 *     fastest power of two per strategy
 */
public record ProjectionOptions(double overlap, boolean shardedAllReduce, CommunicationModel communication,
        NcclGeneration ncclGeneration, int fixedBatch) {

    /** No overlap, sharded all-reduce, NCCL model with the cluster's generation, batch chosen per strategy. */
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
    }

    /**
     * These options with another overlap.
     *
     * @param value the overlap fraction
     * @return new options
     */
    public ProjectionOptions withOverlap(final double value) {
        return new ProjectionOptions(value, shardedAllReduce, communication, ncclGeneration, fixedBatch);
    }

    /**
     * These options with sharding switched.
     *
     * @param value true for a sharded all-reduce
     * @return new options
     */
    public ProjectionOptions withShardedAllReduce(final boolean value) {
        return new ProjectionOptions(overlap, value, communication, ncclGeneration, fixedBatch);
    }

    /**
     * These options with another communication model.
     *
     * @param value the model
     * @return new options
     */
    public ProjectionOptions withCommunication(final CommunicationModel value) {
        return new ProjectionOptions(overlap, shardedAllReduce, value, ncclGeneration, fixedBatch);
    }

    /**
     * These options with other NCCL constants.
     *
     * @param value the generation, or null for the cluster's
     * @return new options
     */
    public ProjectionOptions withNcclGeneration(final NcclGeneration value) {
        return new ProjectionOptions(overlap, shardedAllReduce, communication, value, fixedBatch);
    }

    /**
     * These options with a fixed batch.
     *
     * @param value the batch, at least 1, or 0 to choose per strategy
     * @return new options
     */
    public ProjectionOptions withFixedBatch(final int value) {
        return new ProjectionOptions(overlap, shardedAllReduce, communication, ncclGeneration, value);
    }
}

package org.scalebench.training.projection;

import org.scalebench.core.data.Named;

/**
 * Where a data-parallel step keeps its optimizer state and how it exchanges gradients for it.
 *
 * <ul>
 *   <li>{@link #REPLICATED}: every worker holds the whole optimizer state, all-reduces the gradient and updates
 *       every parameter (PyTorch DDP, Apex {@code DistributedDataParallel}, Horovod).</li>
 *   <li>{@link #WORKERS}: the state is split over all {@code W} workers (ZeRO stage 1, Megatron-LM's distributed
 *       optimizer, PyTorch {@code ZeroRedundancyOptimizer}): the gradient is reduce-scattered among the {@code W}
 *       workers as the backward pass makes it ready, each worker updates its {@code 1/W}, and the updated parameters
 *       are all-gathered before the next forward pass.</li>
 *   <li>{@link #NODE}: the state is split over the workers of a node (Apex {@code DistributedFusedAdam}, whose
 *       group is the node's GPUs by default): the gradient is reduce-scattered inside the node, each shard is
 *       all-reduced across nodes among the GPUs holding the same shard, each worker updates its {@code 1/g}, and the
 *       parameters are all-gathered inside the node.</li>
 * </ul>
 */
public enum OptimizerSharding implements Named {
    /** Whole state on every worker; one all-reduce. */
    REPLICATED("replicated"),
    /** State split over all data-parallel workers; reduce-scatter, then all-gather. */
    WORKERS("sharded"),
    /** State split over a node's workers; reduce-scatter in the node, all-reduce across nodes, all-gather. */
    NODE("sharded-in-node");

    private final String label;

    OptimizerSharding(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return e.g. {@code sharded}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param text the name
     * @return the sharding
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static OptimizerSharding parse(final String text) {
        return Named.parse(OptimizerSharding.class, "optimizer", text);
    }

    /**
     * The number of workers that split the optimizer state: 1, {@code W}, or the workers of one node.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param workersPerNode workers that fit in one node, at least 1
     * @return the group size, in {@code [1, W]}
     */
    public int groupSize(final int workers, final int workersPerNode) {
        switch (this) {
            case WORKERS:
                return workers;
            case NODE:
                return Math.min(workers, workersPerNode);
            default:
                return 1;
        }
    }
}

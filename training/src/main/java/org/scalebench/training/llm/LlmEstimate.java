package org.scalebench.training.llm;

/**
 * The projected cost of one configuration: iteration time with its breakdown, throughput, utilisation and
 * memory per GPU. Immutable (the breakdown array is copied).
 */
public final class LlmEstimate {

    private final LlmCostModel costModel;
    private final ParallelConfig config;
    private final double[] breakdown;
    private final double[] layer;

    LlmEstimate(final LlmCostModel costModel, final ParallelConfig config, final double[] breakdown,
            final double[] layer) {
        this.costModel = costModel;
        this.config = config;
        this.breakdown = breakdown.clone();
        this.layer = layer.clone();
    }

    /**
     * Forward time of one transformer layer for one microbatch on one GPU, its tensor-parallel collectives
     * included.
     *
     * @return seconds
     */
    public double layerForwardSeconds() {
        return layer[LlmCostModel.FWD] + layer[LlmCostModel.TP_FWD];
    }

    /**
     * Backward time of one transformer layer for one microbatch on one GPU: its exposed tensor-parallel collectives
     * and the recomputation of the configuration included.
     *
     * @return seconds
     */
    public double layerBackwardSeconds() {
        final double recompute = switch (config.recompute()) {
            case NONE -> 0;
            case SELECTIVE -> layer[LlmCostModel.REC_SELECTIVE];
            case FULL -> layer[LlmCostModel.REC_FULL] + layer[LlmCostModel.TP_FWD];
        };
        return layer[LlmCostModel.BWD] + layer[LlmCostModel.TP_BWD] + recompute;
    }

    /**
     * The configuration.
     *
     * @return the configuration
     */
    public ParallelConfig config() {
        return config;
    }

    /**
     * The cost model that produced the estimate.
     *
     * @return the model
     */
    public LlmCostModel costModel() {
        return costModel;
    }

    /**
     * One breakdown slot ({@link LlmCostModel#COMPUTE} ... {@link LlmCostModel#MEM_TOTAL}).
     *
     * @param slot the slot
     * @return seconds or bytes
     */
    public double part(final int slot) {
        return breakdown[slot];
    }

    /**
     * Iteration time.
     *
     * @return seconds
     */
    public double iterationSeconds() {
        return breakdown[LlmCostModel.ITERATION];
    }

    /**
     * Tokens processed per second.
     *
     * @return tokens per second
     */
    public double tokensPerSecond() {
        return (double) config.globalBatch() * costModel.model().seqLength() / iterationSeconds();
    }

    /**
     * Model FLOPs utilisation: model FLOPs (no recomputation) per second over the GPUs' dense peak.
     *
     * @return a fraction
     */
    public double modelFlopsUtilization() {
        return costModel.modelFlopsPerIteration(config.globalBatch())
                / (iterationSeconds() * config.gpus() * costModel.gpu().peak(config.halfFormat()));
    }

    /**
     * FLOPs executed per second per GPU, recomputation included (what Narayanan et al. report as "achieved
     * teraFLOP/s per GPU" when they recompute fully).
     *
     * @param recompute the recomputation whose FLOPs to count
     * @return FLOP/s per GPU
     */
    public double flopsPerGpu(final Recompute recompute) {
        return costModel.hardwareFlopsPerIteration(config.globalBatch(), recompute) / (iterationSeconds()
                * config.gpus());
    }

    /**
     * Memory per GPU on the busiest stage.
     *
     * @return bytes
     */
    public double memoryBytes() {
        return breakdown[LlmCostModel.MEM_TOTAL];
    }

    /**
     * Whether the busiest stage fits the GPU's memory.
     *
     * @return true if it fits
     */
    public boolean fitsMemory() {
        return memoryBytes() <= costModel.gpu().memoryBytes();
    }

    /**
     * Time to train on a token budget at this configuration's throughput.
     *
     * @param tokens training tokens
     * @return seconds
     */
    public double timeToTrainSeconds(final double tokens) {
        return tokens / tokensPerSecond();
    }
}

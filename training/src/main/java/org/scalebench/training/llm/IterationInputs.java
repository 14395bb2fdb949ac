package org.scalebench.training.llm;

/**
 * What {@link LlmCostModel#iteration} assembles one iteration from, besides the per-layer costs: the placement
 * ({@code tp x pp x dp} and the parameters one GPU holds), the pipeline (microbatches per replica, model chunks per
 * device, schedule), the recomputation, the ZeRO stage, and the data-parallel costs priced for them
 * ({@link LlmCostModel#priceDataParallel}, or set directly when a search prices them once for many candidates).
 *
 * <p>A reusable holder: the setters overwrite fields and return {@code this}, so a search fills one instance per
 * candidate without allocating. The setters do not validate (a {@link ParallelConfig} is checked once, before it
 * is evaluated; a search generates only valid combinations). Starts as one GPU, one microbatch, 1F1B, no
 * recomputation, ZeRO stage 0, and zero costs. Not thread-safe.
 */
public final class IterationInputs {

    private int tensorParallel = 1;
    private int pipelineParallel = 1;
    private int dataParallel = 1;
    private double parametersPerGpu;
    private int microbatches = 1;
    private int interleave = 1;
    private Schedule schedule = Schedule.ONE_F_ONE_B;
    private Recompute recompute = Recompute.NONE;
    private ZeroStage zero = ZeroStage.NONE;
    private double dataParallelStepSeconds;
    private double dataParallelMicrobatchSeconds;
    private double optimizerSeconds;
    private double buckets;
    private double bucketReduceSeconds;
    private double bucketGatherSeconds;
    private double chunkReduceSeconds;
    private double chunkGatherSeconds;
    private double lastChunkReduceSeconds;
    private double lastChunkGatherSeconds;

    /**
     * The inputs of a configuration, without the data-parallel costs (see {@link LlmCostModel#priceDataParallel}).
     *
     * @param config the configuration
     * @param parametersPerGpu {@link LlmCostModel#parametersPerGpu} of its tensor- and pipeline-parallel sizes
     * @return new inputs
     */
    public static IterationInputs of(final ParallelConfig config, final double parametersPerGpu) {
        return new IterationInputs()
                .placement(config.tp(), config.pp(), config.dp(), parametersPerGpu)
                .pipeline(config.microbatches(), config.interleave(), config.schedule())
                .recompute(config.recompute())
                .zero(config.zero());
    }

    /**
     * Sets the placement.
     *
     * @param tp tensor-parallel size
     * @param pp pipeline-parallel size
     * @param dp data-parallel size
     * @param parameters parameters held by one GPU of the busiest stage ({@link LlmCostModel#parametersPerGpu})
     * @return this
     */
    public IterationInputs placement(final int tp, final int pp, final int dp, final double parameters) {
        this.tensorParallel = tp;
        this.pipelineParallel = pp;
        this.dataParallel = dp;
        this.parametersPerGpu = parameters;
        return this;
    }

    /**
     * Sets the pipeline.
     *
     * @param count microbatches per replica per iteration
     * @param chunks model chunks per device ({@code v}; 1 unless interleaved)
     * @param order the schedule
     * @return this
     */
    public IterationInputs pipeline(final int count, final int chunks, final Schedule order) {
        this.microbatches = count;
        this.interleave = chunks;
        this.schedule = order;
        return this;
    }

    /**
     * Sets the recomputation.
     *
     * @param mode the recomputation
     * @return this
     */
    public IterationInputs recompute(final Recompute mode) {
        this.recompute = mode;
        return this;
    }

    /**
     * Sets the ZeRO stage.
     *
     * @param stage the stage
     * @return this
     */
    public IterationInputs zero(final ZeroStage stage) {
        this.zero = stage;
        return this;
    }

    /**
     * Sets the data-parallel costs, priced for this placement, ZeRO stage and recomputation.
     *
     * @param stepSeconds {@link LlmCostModel#dataParallelStepSeconds}
     * @param microbatchSeconds {@link LlmCostModel#dataParallelMicrobatchSeconds}
     * @param optimizer {@link LlmCostModel#optimizerSeconds}
     * @return this
     */
    public IterationInputs dataParallelCosts(final double stepSeconds, final double microbatchSeconds,
            final double optimizer) {
        this.dataParallelStepSeconds = stepSeconds;
        this.dataParallelMicrobatchSeconds = microbatchSeconds;
        this.optimizerSeconds = optimizer;
        return this;
    }

    /**
     * The data-parallel step's collectives for an execution that overlaps them with compute
     * ({@link ExecutionPart#DP_OVERLAP}; {@link LlmCostModel#priceBuckets}): the first stage's first model chunk (its
     * layers and the input embedding) in buckets, the whole chunks Megatron-LM does not split (every chunk after the
     * first of an interleaved schedule, the first chunk of a later pipeline stage), and the last stage's last chunk,
     * which also holds the output layer. With no buckets (0), the step's collectives ({@link #dataParallelCosts}) are
     * exposed whole.
     *
     * @param count equal buckets the first model chunk's gradients are split into, 0 when not overlapped
     * @param reduceSeconds one bucket's gradient reduction (all-reduce, or reduce-scatter with a sharded optimizer)
     * @param gatherSeconds one bucket's parameter all-gather (0 without a sharded optimizer)
     * @param chunkReduce one whole chunk's gradient reduction (its layers only)
     * @param chunkGather one whole chunk's parameter all-gather (0 without a sharded optimizer)
     * @param lastChunkReduce the last stage's last chunk's gradient reduction (its layers and the output layer)
     * @param lastChunkGather the last stage's last chunk's parameter all-gather (0 without a sharded optimizer)
     * @return this
     */
    public IterationInputs dataParallelOverlap(final double count, final double reduceSeconds,
            final double gatherSeconds, final double chunkReduce, final double chunkGather, final double lastChunkReduce,
            final double lastChunkGather) {
        this.buckets = count;
        this.bucketReduceSeconds = reduceSeconds;
        this.bucketGatherSeconds = gatherSeconds;
        this.chunkReduceSeconds = chunkReduce;
        this.chunkGatherSeconds = chunkGather;
        this.lastChunkReduceSeconds = lastChunkReduce;
        this.lastChunkGatherSeconds = lastChunkGather;
        return this;
    }

    /**
     * Tensor-parallel size.
     *
     * @return {@code t}
     */
    public int tp() {
        return tensorParallel;
    }

    /**
     * Pipeline-parallel size.
     *
     * @return {@code p}
     */
    public int pp() {
        return pipelineParallel;
    }

    /**
     * Data-parallel size.
     *
     * @return {@code d}
     */
    public int dp() {
        return dataParallel;
    }

    /**
     * Parameters held by one GPU of the busiest stage.
     *
     * @return parameters
     */
    public double parametersPerGpu() {
        return parametersPerGpu;
    }

    /**
     * Microbatches per replica per iteration.
     *
     * @return {@code m}
     */
    public int microbatches() {
        return microbatches;
    }

    /**
     * Model chunks per pipeline device.
     *
     * @return {@code v}
     */
    public int interleave() {
        return interleave;
    }

    /**
     * The pipeline schedule.
     *
     * @return the schedule
     */
    public Schedule schedule() {
        return schedule;
    }

    /**
     * The recomputation.
     *
     * @return the mode
     */
    public Recompute recompute() {
        return recompute;
    }

    /**
     * The ZeRO stage.
     *
     * @return the stage
     */
    public ZeroStage zero() {
        return zero;
    }

    /**
     * Data-parallel communication once per iteration.
     *
     * @return seconds
     */
    public double dataParallelStepSeconds() {
        return dataParallelStepSeconds;
    }

    /**
     * Data-parallel communication per microbatch (ZeRO stage 3).
     *
     * @return seconds
     */
    public double dataParallelMicrobatchSeconds() {
        return dataParallelMicrobatchSeconds;
    }

    /**
     * The optimizer step.
     *
     * @return seconds
     */
    public double optimizerSeconds() {
        return optimizerSeconds;
    }

    /**
     * One whole chunk's gradient reduction (its layers only).
     *
     * @return seconds
     */
    public double chunkReduceSeconds() {
        return chunkReduceSeconds;
    }

    /**
     * One whole chunk's parameter all-gather.
     *
     * @return seconds
     */
    public double chunkGatherSeconds() {
        return chunkGatherSeconds;
    }

    /**
     * The last pipeline stage's last chunk's gradient reduction (its layers and the output layer).
     *
     * @return seconds
     */
    public double lastChunkReduceSeconds() {
        return lastChunkReduceSeconds;
    }

    /**
     * The last pipeline stage's last chunk's parameter all-gather.
     *
     * @return seconds
     */
    public double lastChunkGatherSeconds() {
        return lastChunkGatherSeconds;
    }

    /**
     * Buckets of the overlapped data-parallel step.
     *
     * @return buckets, 0 when the step is not overlapped
     */
    public double dataParallelBuckets() {
        return buckets;
    }

    /**
     * One bucket's gradient reduction.
     *
     * @return seconds
     */
    public double bucketReduceSeconds() {
        return bucketReduceSeconds;
    }

    /**
     * One bucket's parameter all-gather.
     *
     * @return seconds
     */
    public double bucketGatherSeconds() {
        return bucketGatherSeconds;
    }
}

package org.scalebench.training.llm;

/**
 * How far data-parallel replicas partition the training state (ZeRO, Rajbhandari et al., SC 2020, Section 5):
 * stage 1 shards the optimizer state over the {@code d} replicas, stage 2 also the gradients, stage 3 also the
 * weights, which are then gathered before each use. Stage 0 keeps everything replicated and all-reduces the
 * gradients.
 *
 * <p>Immutable.
 */
public enum ZeroStage {
    /** Stage 0: every replica keeps weights, gradients and optimizer state; gradients are all-reduced. */
    NONE,
    /** Stage 1: optimizer state sharded; gradients reduce-scattered and weights all-gathered after each step. */
    OPTIMIZER_STATE,
    /** Stage 2: optimizer state and gradients sharded. */
    GRADIENTS,
    /** Stage 3: optimizer state, gradients and weights sharded; weights gathered per microbatch. */
    WEIGHTS;

    private static final ZeroStage[] BY_NUMBER = values();

    /**
     * The stage number as ZeRO and DeepSpeed count it.
     *
     * @return 0 to 3
     */
    public int number() {
        return ordinal();
    }

    /**
     * Whether the optimizer state is divided among the replicas (stages 1 to 3).
     *
     * @return true from stage 1
     */
    public boolean shardsOptimizerState() {
        return this != NONE;
    }

    /**
     * Whether the gradients are divided among the replicas (stages 2 and 3).
     *
     * @return true from stage 2
     */
    public boolean shardsGradients() {
        return this == GRADIENTS || this == WEIGHTS;
    }

    /**
     * Whether the weights are divided among the replicas and gathered before use (stage 3).
     *
     * @return true for stage 3
     */
    public boolean shardsWeights() {
        return this == WEIGHTS;
    }

    /**
     * The stage of a number. Allocates nothing.
     *
     * @param number 0 to 3
     * @return the stage
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static ZeroStage of(final int number) {
        if (number < 0 || number >= BY_NUMBER.length) {
            throw new IllegalArgumentException("ZeRO stage = " + number + ": must be 0, 1, 2 or 3");
        }
        return BY_NUMBER[number];
    }
}

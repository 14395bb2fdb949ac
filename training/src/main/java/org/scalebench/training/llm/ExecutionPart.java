package org.scalebench.training.llm;

import org.scalebench.core.data.Named;

/**
 * One switchable part of how an iteration runs on the GPUs beyond its FLOPs and bytes (inputs in
 * {@code llm/execution.csv}, formulas in {@code docs/llm-model.md}). With every part off, the model is the ideal one:
 * kernels at the measured matmul maximum and the datasheet memory bandwidth, nothing else.
 */
public enum ExecutionPart implements Named {
    /** Memory-bound kernels (element-wise work, the optimizer) run at a measured fraction of the HBM bandwidth. */
    ELEMENTWISE_BANDWIDTH("elementwise-bandwidth"),
    /** No kernel takes less than the time to launch it. */
    KERNEL_LAUNCH("kernel-launch"),
    /** The optimizer step as Megatron-LM runs it: unscale, gradient norm, Adam, copy to half weights, zero grads. */
    OPTIMIZER_PASSES("optimizer-passes"),
    /** The loss in FP32 over the vocabulary-parallel logits. */
    FP32_LOSS("fp32-loss"),
    /** The all-reduce of the tied embedding's gradients between the first and the last pipeline stage. */
    EMBEDDING_SYNC("embedding-sync"),
    /** Backward tensor-parallel collectives overlapped with the GEMMs that do not need them (by software version). */
    TP_OVERLAP("tp-overlap"),
    /** A separate pass adding each microbatch's weight gradients to the FP32 main gradients (by software version). */
    GRADIENT_ACCUMULATION("gradient-accumulation"),
    /**
     * With sequence parallelism, the forward all-gathers and reduce-scatters pipelined with the GEMMs that consume or
     * produce them, and the backward all-gathers of the row-parallel layers' output gradients likewise (Transformer
     * Engine's userbuffers, Megatron-LM's {@code --tp-comm-overlap}, 2023: off in both versions the validation data
     * ran, on with {@code --with tp-comm-overlap}).
     */
    TP_COMM_OVERLAP("tp-comm-overlap"),
    /**
     * Data-parallel gradient reduction in buckets overlapped with the last microbatch's backward pass, and with a
     * distributed optimizer the parameter all-gather with the next iteration's first forward pass (Megatron-LM's
     * {@code --overlap-grad-reduce} and {@code --overlap-param-gather}, since September 2023: off in both versions the
     * validation data ran, on with {@code --with dp-overlap}).
     */
    DP_OVERLAP("dp-overlap"),
    /** GEMMs at a fraction of the measured matmul maximum, fitted on the calibration rows of the validation data. */
    GEMM_EFFICIENCY("gemm-efficiency");

    private final String label;

    ExecutionPart(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return e.g. {@code kernel-launch}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param option the option as typed, for the message
     * @param text a label
     * @return the part
     * @throws IllegalArgumentException naming the option, the value and what is allowed
     */
    public static ExecutionPart parse(final String option, final String text) {
        return Named.parse(ExecutionPart.class, option, text);
    }
}

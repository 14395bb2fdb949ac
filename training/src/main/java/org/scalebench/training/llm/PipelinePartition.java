package org.scalebench.training.llm;

import org.scalebench.core.data.Named;

/**
 * How the transformer layers are divided among the pipeline stages.
 *
 * <p>{@link #UNIFORM}: Megatron-LM's, {@code L / p} layers on every stage ({@code p} must divide {@code L}), the
 * input embedding on the first stage and the output layer on the last, beside their layers.
 * {@link #EMBEDDING_SLOTS}: DeepSpeed's pipeline engine with {@code partition_method = "type:transformer|embedding"}
 * (the {@code --pp-partition-method 'type:transformer|embedding'} of Megatron-DeepSpeed): the two embedding layers
 * (input, and the tied output layer) count as layers, the {@code L + 2} slots are balanced over the stages, and the
 * first and last stage each give one slot to an embedding; {@code p} need not divide {@code L}.
 */
public enum PipelinePartition implements Named {
    /** {@code L / p} transformer layers per stage. */
    UNIFORM("uniform"),
    /** {@code L + 2} slots, the embeddings counted as layers, balanced over the stages. */
    EMBEDDING_SLOTS("embedding-slots");

    private final String label;

    PipelinePartition(final String label) {
        this.label = label;
    }

    /**
     * The data-file name.
     *
     * @return {@code uniform} or {@code embedding-slots}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a data-file name.
     *
     * @param text {@code uniform} or {@code embedding-slots}
     * @return the partition
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static PipelinePartition parse(final String text) {
        return Named.parse(PipelinePartition.class, "pipeline_partition", text);
    }

    /**
     * The transformer layers of each stage. {@link #EMBEDDING_SLOTS} fills the stages in order with
     * {@code ceil((L + 2) / p)} slots each until the slots run out, as DeepSpeed's {@code partition_balanced} does
     * for slots of equal weight; the first stage's first slot is the input embedding, the last stage's last slot
     * the output layer.
     *
     * @param layers transformer layers {@code L}
     * @param p pipeline stages
     * @return layers per stage, {@code p} entries summing to {@code L}
     * @throws IllegalArgumentException when a stage would hold no transformer layer, or {@code p} does not divide
     *     {@code L} for {@link #UNIFORM}
     */
    public int[] stageLayers(final int layers, final int p) {
        final int[] out = new int[p];
        if (this == UNIFORM) {
            if (layers % p != 0) {
                throw new IllegalArgumentException("pp = " + p + ": must divide the " + layers + " layers");
            }
            java.util.Arrays.fill(out, layers / p);
            return out;
        }
        final int slots = layers + (p == 1 ? 0 : 2);
        final int each = (slots + p - 1) / p;
        int left = slots;
        for (int k = 0; k < p; k++) {
            final int taken = Math.min(each, left);
            left -= taken;
            out[k] = taken - (p > 1 && (k == 0 || k == p - 1) ? 1 : 0);
            if (out[k] < 1) {
                throw new IllegalArgumentException("pp = " + p + ": stage " + k + " of the " + slots
                        + " slots (" + layers + " layers and the two embeddings) would hold no transformer layer");
            }
        }
        return out;
    }
}

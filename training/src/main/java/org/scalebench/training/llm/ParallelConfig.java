package org.scalebench.training.llm;

import org.scalebench.core.Checks;

/**
 * One 3D-parallel training configuration: {@code gpus = tp x pp x dp}, the global batch split into
 * {@code dp} replicas and {@code globalBatch / (dp x microBatch)} microbatches per replica, the pipeline
 * schedule ({@code interleave} model chunks per device), recomputation, sequence parallelism, the ZeRO stage and
 * the half-precision format.
 *
 * <p>{@link #check} validates a configuration against a model and a node size, naming each parameter
 * by the name of its record component ({@code global batch} for {@code globalBatch}). Immutable.
 *
 * @param gpus GPUs
 * @param tp tensor-parallel size
 * @param pp pipeline-parallel size
 * @param dp data-parallel size
 * @param globalBatch sequences per iteration
 * @param microBatch sequences per microbatch
 * @param interleave model chunks per pipeline device ({@code v}; 1 unless {@link Schedule#INTERLEAVED})
 * @param schedule the pipeline schedule
 * @param recompute activation recomputation
 * @param sequenceParallel whether LayerNorm and dropout run on sequence shards (Korthikanti et al. 2022)
 * @param zero ZeRO stage
 * @param halfFormat FP16 or BF16
 */
public record ParallelConfig(int gpus, int tp, int pp, int dp, int globalBatch, int microBatch, int interleave,
        Schedule schedule, Recompute recompute, boolean sequenceParallel, ZeroStage zero, HalfFormat halfFormat) {

    /**
     * Microbatches per replica per iteration.
     *
     * @return {@code globalBatch / (dp x microBatch)}
     */
    public int microbatches() {
        return globalBatch / (dp * microBatch);
    }

    /**
     * Checks the configuration.
     *
     * @param model the model
     * @param gpusPerNode GPUs per node of the cluster (a tensor-parallel group fits in a node or spans whole nodes)
     * @throws IllegalArgumentException {@code PARAMETER = VALUE: what is allowed}
     */
    public void check(final TransformerProfile model, final int gpusPerNode) {
        check(model, gpusPerNode, PipelinePartition.UNIFORM);
    }

    /**
     * Checks the configuration for a pipeline partition: with {@link PipelinePartition#EMBEDDING_SLOTS},
     * {@code pp} need not divide the layers, but every stage must hold one, and the schedule must be 1F1B.
     *
     * @param model the model
     * @param gpusPerNode GPUs per node of the cluster (a tensor-parallel group fits in a node or spans whole nodes)
     * @param partition how the layers are divided among the stages
     * @throws IllegalArgumentException {@code PARAMETER = VALUE: what is allowed}
     */
    public void check(final TransformerProfile model, final int gpusPerNode, final PipelinePartition partition) {
        Checks.requireAtLeast("gpus", gpus, 1);
        Checks.requireAtLeast("tp", tp, 1);
        Checks.requireAtLeast("pp", pp, 1);
        Checks.requireAtLeast("dp", dp, 1);
        Checks.requireAtLeast("global batch", globalBatch, 1);
        Checks.requireAtLeast("micro batch", microBatch, 1);
        Checks.requireAtLeast("interleave", interleave, 1);
        if (tp > gpusPerNode && tp % gpusPerNode != 0) {
            throw new IllegalArgumentException("tp = " + tp + ": must be at most the " + gpusPerNode
                    + " GPUs of a node or a multiple of it (a group wider than a node spans whole nodes)");
        }
        if (model.heads() % tp != 0 || model.kvHeads() % tp != 0) {
            throw new IllegalArgumentException("tp = " + tp + ": must divide the " + model.heads()
                    + " attention heads" + (model.kvHeads() != model.heads() ? " and " + model.kvHeads()
                    + " key/value heads" : "") + " of " + model.name());
        }
        if (model.ffnHidden() % tp != 0 || model.vocab() % tp != 0) {
            throw new IllegalArgumentException("tp = " + tp + ": must divide the MLP width " + model.ffnHidden()
                    + " and the vocabulary " + model.vocab() + " of " + model.name());
        }
        if (partition == PipelinePartition.UNIFORM && model.layers() % pp != 0) {
            throw new IllegalArgumentException("pp = " + pp + ": must divide the " + model.layers()
                    + " layers of " + model.name());
        }
        if (partition != PipelinePartition.UNIFORM) {
            partition.stageLayers(model.layers(), pp);
            if (schedule != Schedule.ONE_F_ONE_B && pp > 1) {
                throw new IllegalArgumentException("schedule " + schedule.id() + " with pipeline partition "
                        + partition.id() + ": modelled for 1F1B only (DeepSpeed's pipeline engine)");
            }
        }
        if ((long) tp * pp * dp != gpus) {
            throw new IllegalArgumentException("gpus = " + gpus + ": must equal tp x pp x dp = " + tp + " x "
                    + pp + " x " + dp + " = " + (long) tp * pp * dp + " (a multiple of tp x pp = " + (long) tp * pp
                    + ")");
        }
        if (globalBatch % ((long) dp * microBatch) != 0) {
            throw new IllegalArgumentException("global batch = " + globalBatch + ": must be a multiple of dp x"
                    + " micro batch = " + dp + " x " + microBatch + " = " + (long) dp * microBatch
                    + " (whole microbatches per data-parallel replica)");
        }
        LlmCostModel.requireActivationsFit(model, microBatch);
        if (sequenceParallel && tp == 1) {
            throw new IllegalArgumentException("sequence parallel: needs tp above 1 (it shards the sequence over"
                    + " the tensor-parallel group)");
        }
        if (schedule == Schedule.INTERLEAVED) {
            if (interleave < 2 || pp < 2) {
                throw new IllegalArgumentException("interleave = " + interleave + " with pp = " + pp
                        + ": the interleaved schedule needs interleave of at least 2 and pp of at least 2");
            }
            if (model.layers() / pp % interleave != 0) {
                throw new IllegalArgumentException("interleave = " + interleave + ": must divide the "
                        + model.layers() / pp + " layers per pipeline stage (pp = " + pp + ")");
            }
            if (microbatches() % pp != 0) {
                throw new IllegalArgumentException("interleave = " + interleave + ": the interleaved schedule needs"
                        + " the microbatches per replica (global batch / (dp x micro batch) = " + microbatches()
                        + ") to be a multiple of pp = " + pp);
            }
        } else if (interleave != 1) {
            throw new IllegalArgumentException("interleave = " + interleave + ": only the interleaved schedule has"
                    + " more than one model chunk per device (schedule " + schedule.id() + ")");
        }
    }
}

/**
 * Hybrid data + model parallel training projection (Pal et al., IEEE Micro 2019): end-to-end time to
 * accuracy {@code T = epochs(B) * (D / B) * T_step} for pure data parallelism against hybrid parallelism on
 * clusters of GPUs.
 *
 * <p>Subpackages: {@code collective} (alpha-beta-gamma and NCCL-style collective costs),
 * {@code cluster} (DGX-1, DGX-A100, DGX-H100 and user clusters), {@code model} (model profiles),
 * {@code efficiency} (epochs to converge against global batch), {@code parallel} (model-parallel speedup:
 * dataflow placement, LSTM wavefronts, micro-batch pipelines), {@code projection} (the projector),
 * {@code validation} (the projector against published throughput), {@code llm} (3D-parallel projection and search
 * of large transformers) and {@code data} (measured curves). Every input number lives in a CSV resource with a
 * {@code source} column, read with {@code org.scalebench.core.data.DataTable}. The models are described in the
 * repository's {@code docs/training-model.md} and {@code docs/llm-model.md}. Classes are immutable and thread-safe unless they say otherwise.
 */
package org.scalebench.training;

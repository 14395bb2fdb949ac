/**
 * 3D-parallel (tensor x pipeline x data) projection of large transformer training: transformer profiles, a
 * per-layer cost model (FLOPs, GEMM shapes, element-wise bytes), Megatron-style tensor parallelism with or
 * without sequence parallelism, GPipe / 1F1B / interleaved pipeline schedules, data parallelism with ZeRO
 * stages, activation recomputation, a per-GPU memory model, time to train and time to a target loss (critical
 * batch of Kaplan et al. 2020), and an allocation-free search over configurations. Every collective is priced
 * by {@link org.scalebench.training.collective.NcclModel} on the cluster's links. The model is described in
 * {@code docs/llm-model.md}.
 */
package org.scalebench.training.llm;

/**
 * Model-parallel speedup {@code SU_MP(M)}: the per-step speedup of one data-parallel worker spread over
 * {@code M} GPUs of a node, at the worker's batch. Four models: given values; placement of a branchy dataflow
 * graph on {@code M} GPUs with NVLink transfer costs (list scheduling, or exhaustive search on small graphs);
 * layer-wavefront pipelining of stacked LSTMs over time steps; and micro-batched pipelines with their bubbles.
 * Models are evaluated when a projection is set up, not on its hot path.
 */
package org.scalebench.training.parallel;

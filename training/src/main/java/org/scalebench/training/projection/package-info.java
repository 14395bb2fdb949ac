/**
 * The hybrid-parallel training projector: end-to-end time {@code T = epochs(B) * (D / B) * T_step} for pure data
 * parallelism and for hybrid parallelism ({@code N / M} workers of {@code M} GPUs), the best strategy and
 * per-device batch at every device count, the crossover device count, speedups and a per-term breakdown. A sweep
 * over device counts and MP degrees allocates nothing; model-parallel speedups are computed when the projector is
 * built.
 */
package org.scalebench.training.projection;

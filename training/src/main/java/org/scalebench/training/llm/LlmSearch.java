package org.scalebench.training.llm;

import java.util.Arrays;

/**
 * Finds the fastest configuration that fits in memory for a GPU count and a global batch: every tensor-parallel
 * size (a power of two up to a node, or a node times a power of two up to {@link #MAX_TENSOR_PARALLEL_NODES}
 * nodes, dividing the heads, MLP width and vocabulary; or the sizes {@link Space} names, if valid), every pipeline
 * size dividing
 * the layers, the data-parallel size they leave, every microbatch size that divides a replica's batch, 1F1B or
 * interleaved 1F1B with every chunk count dividing a stage's layers, every recomputation, with and without
 * sequence parallelism, every ZeRO stage ({@link Space} narrows any of these). Ties keep the first candidate in
 * loop order, so the answer is deterministic. When nothing fits, the result is the candidate needing the least
 * memory, marked as not fitting.
 *
 * <p>The per-layer costs of every (tensor-parallel size, microbatch size, sequence parallelism) are computed once,
 * in the constructor; {@link #search} then only combines primitives: it allocates nothing. Not thread-safe (it
 * keeps scratch arrays): use one per thread.
 */
public final class LlmSearch {

    /** The widest tensor-parallel group the search tries by default, in nodes (its collectives cross the NICs). */
    public static final int MAX_TENSOR_PARALLEL_NODES = 4;

    /**
     * The knobs the search may turn.
     *
     * @param tensorParallel allowed tensor-parallel sizes, or null for all valid
     * @param pipelineParallel allowed pipeline sizes, or null for all dividing the layers
     * @param microBatches allowed microbatch sizes
     * @param maxInterleave the largest chunk count per device (1: no interleaving)
     * @param recompute allowed recomputations, indexed by {@link Recompute#ordinal()}
     * @param sequenceParallel allowed sequence-parallel settings: index 0 off, 1 on
     * @param zero allowed ZeRO stages, indexed by {@link ZeroStage#number()}
     */
    public record Space(int[] tensorParallel, int[] pipelineParallel, int[] microBatches, int maxInterleave,
            boolean[] recompute, boolean[] sequenceParallel, boolean[] zero) {

        /** Every knob: microbatches 1 to 16, up to 8 chunks per device. */
        public static final Space ALL = new Space(null, null, new int[] {1, 2, 4, 8, 16}, 8,
                new boolean[] {true, true, true}, new boolean[] {true, true}, new boolean[] {true, true, true, true});

        /**
         * Copies the arrays and checks them.
         *
         * @param tensorParallel allowed tensor-parallel sizes, or null
         * @param pipelineParallel allowed pipeline sizes, or null
         * @param microBatches allowed microbatch sizes
         * @param maxInterleave the largest chunk count
         * @param recompute allowed recomputations
         * @param sequenceParallel allowed sequence-parallel settings
         * @param zero allowed ZeRO stages
         */
        public Space {
            tensorParallel = tensorParallel == null ? null : tensorParallel.clone();
            pipelineParallel = pipelineParallel == null ? null : pipelineParallel.clone();
            microBatches = microBatches.clone();
            recompute = recompute.clone();
            sequenceParallel = sequenceParallel.clone();
            zero = zero.clone();
            if (maxInterleave < 1 || microBatches.length == 0 || recompute.length != 3 || sequenceParallel.length != 2
                    || zero.length != 4) {
                throw new IllegalArgumentException("search space: needs maxInterleave >= 1, microbatch sizes, 3"
                        + " recomputation flags, 2 sequence-parallel flags and 4 ZeRO flags");
            }
        }
    }

    /** The best configuration of one search; filled by {@link #search}, reusable. Not thread-safe. */
    public static final class Result {
        private boolean found;
        private boolean fits;
        private int tp;
        private int pp;
        private int dp;
        private int microBatch;
        private int interleave;
        private Recompute recompute;
        private boolean sequenceParallel;
        private ZeroStage zero;
        private double iterationSeconds;
        private double memoryBytes;
        private long candidates;

        /**
         * Whether any valid configuration exists.
         *
         * @return false when no (tp, pp, dp, microbatch) divides the GPUs and the batch
         */
        public boolean found() {
            return found;
        }

        /**
         * Whether the result fits in memory.
         *
         * @return true if it fits
         */
        public boolean fits() {
            return fits;
        }

        /**
         * Iteration time of the result.
         *
         * @return seconds
         */
        public double iterationSeconds() {
            return iterationSeconds;
        }

        /**
         * Memory per GPU of the result.
         *
         * @return bytes
         */
        public double memoryBytes() {
            return memoryBytes;
        }

        /**
         * Candidates evaluated by the search.
         *
         * @return count
         */
        public long candidates() {
            return candidates;
        }

        /**
         * The result as a configuration (allocates).
         *
         * @param gpus the GPU count searched
         * @param globalBatch the global batch searched
         * @param halfFormat the half-precision format
         * @return the configuration
         * @throws IllegalStateException when nothing was found
         */
        public ParallelConfig toConfig(final int gpus, final int globalBatch, final HalfFormat halfFormat) {
            if (!found) {
                throw new IllegalStateException("no configuration found");
            }
            return new ParallelConfig(gpus, tp, pp, dp, globalBatch, microBatch, interleave,
                    interleave > 1 ? Schedule.INTERLEAVED : Schedule.ONE_F_ONE_B, recompute, sequenceParallel, zero,
                    halfFormat);
        }
    }

    /** Every recomputation and ZeRO stage in order, without the copy {@code values()} makes on each call. */
    private static final Recompute[] RECOMPUTES = Recompute.values();
    private static final ZeroStage[] ZERO_STAGES = ZeroStage.values();

    private final LlmCostModel cost;
    private final Space space;
    private final int layers;
    private final int[] tps;
    private final int[] pps;
    private final int[] micros;
    private final double[] layerCosts;
    private final double[] params;
    private final double[] breakdown = new double[LlmCostModel.BREAKDOWN_SLOTS];
    private final IterationInputs inputs = new IterationInputs();
    private final double memoryLimit;

    /**
     * Prepares a search: computes the per-layer costs of every (tensor-parallel size, microbatch size, sequence
     * parallelism) in the space.
     *
     * @param cost the cost model
     * @param space the knobs
     */
    public LlmSearch(final LlmCostModel cost, final Space space) {
        this.cost = cost;
        this.space = space;
        final TransformerProfile m = cost.model();
        this.layers = m.layers();
        final int gpn = cost.cluster().gpusPerNode();
        final int widest = space.tensorParallel() == null ? gpn * MAX_TENSOR_PARALLEL_NODES
                : Math.max(1, Arrays.stream(space.tensorParallel()).max().orElse(1));
        this.tps = java.util.stream.IntStream.rangeClosed(1, widest)
                .filter(t -> t <= gpn || t % gpn == 0)
                .filter(t -> m.heads() % t == 0 && m.kvHeads() % t == 0 && m.ffnHidden() % t == 0
                        && m.vocab() % t == 0)
                .filter(t -> space.tensorParallel() == null ? Integer.bitCount(t <= gpn ? t : t / gpn) == 1
                        : Arrays.stream(space.tensorParallel()).anyMatch(x -> x == t))
                .toArray();
        this.pps = java.util.stream.IntStream.rangeClosed(1, layers).filter(p -> layers % p == 0)
                .filter(p -> space.pipelineParallel() == null
                        || Arrays.stream(space.pipelineParallel()).anyMatch(x -> x == p))
                .toArray();
        this.micros = space.microBatches().clone();
        this.layerCosts = new double[tps.length * micros.length * 2 * LlmCostModel.LAYER_SLOTS];
        for (int ti = 0; ti < tps.length; ti++) {
            for (int bi = 0; bi < micros.length; bi++) {
                for (int sp = 0; sp < 2; sp++) {
                    cost.layerCosts(tps[ti], micros[bi], sp == 1, layerCosts, layerOffset(ti, bi, sp));
                }
            }
        }
        this.params = new double[tps.length * pps.length];
        for (int ti = 0; ti < tps.length; ti++) {
            for (int pi = 0; pi < pps.length; pi++) {
                params[ti * pps.length + pi] = cost.parametersPerGpu(tps[ti], pps[pi]);
            }
        }
        this.memoryLimit = cost.gpu().memoryBytes();
    }

    private int layerOffset(final int ti, final int bi, final int sp) {
        return ((ti * micros.length + bi) * 2 + sp) * LlmCostModel.LAYER_SLOTS;
    }

    /**
     * The cost model searched.
     *
     * @return the model
     */
    public LlmCostModel costModel() {
        return cost;
    }

    /**
     * Searches every configuration of {@code gpus} GPUs for a global batch. Allocates nothing.
     *
     * @param gpus GPUs, at least 1
     * @param globalBatch sequences per iteration, at least 1
     * @param out receives the best configuration
     * @return {@code out.found()}
     */
    public boolean search(final int gpus, final int globalBatch, final Result out) {
        out.found = false;
        out.fits = false;
        out.candidates = 0;
        double bestTime = Double.POSITIVE_INFINITY;
        double leastMemory = Double.POSITIVE_INFINITY;
        final boolean[] recomputes = space.recompute();
        final boolean[] zeros = space.zero();
        final boolean[] sps = space.sequenceParallel();
        for (int ti = 0; ti < tps.length; ti++) {
            final int t = tps[ti];
            for (int pi = 0; pi < pps.length; pi++) {
                final int p = pps[pi];
                if ((long) t * p > gpus) {
                    continue; // wider than the GPUs (2^16 x 2^16 would wrap to 0 in int)
                }
                final int tp = t * p;
                final int d = gpus / tp;
                if (d * tp != gpus || globalBatch / d * d != globalBatch) {
                    continue;
                }
                final int perReplica = globalBatch / d;
                final int perStage = layers / p;
                final double par = params[ti * pps.length + pi];
                for (int bi = 0; bi < micros.length; bi++) {
                    final int b = micros[bi];
                    final int m = perReplica / b;
                    if (m * b != perReplica) {
                        continue;
                    }
                    final boolean interleavable = p > 1 && m / p * p == m;
                    for (int sp = 0; sp < 2; sp++) {
                        if (!sps[sp] || sp == 1 && t == 1) {
                            continue;
                        }
                        final int offset = layerOffset(ti, bi, sp);
                        for (final ZeroStage z : ZERO_STAGES) {
                            if (!zeros[z.number()] || z != ZeroStage.NONE && d == 1) {
                                continue;
                            }
                            final double dpStep = cost.dataParallelStepSeconds(z, par, t, d);
                            final double dpMicro = cost.dataParallelMicrobatchSeconds(z, par, t, d, Recompute.NONE);
                            final double dpMicroFull = cost.dataParallelMicrobatchSeconds(z, par, t, d, Recompute.FULL);
                            final double optimizer = cost.optimizerSeconds(z, par, d);
                            for (final Recompute r : RECOMPUTES) {
                                if (!recomputes[r.ordinal()]) {
                                    continue;
                                }
                                final double micro = r == Recompute.FULL ? dpMicroFull : dpMicro;
                                inputs.placement(t, p, d, par).recompute(r).zero(z)
                                        .dataParallelCosts(dpStep, micro, optimizer);
                                final int maxV = interleavable ? Math.min(space.maxInterleave(), perStage) : 1;
                                for (int v = 1; v <= maxV; v++) {
                                    if (perStage / v * v != perStage) {
                                        continue;
                                    }
                                    out.candidates++;
                                    cost.priceBuckets(inputs.pipeline(m, v, v > 1 ? Schedule.INTERLEAVED
                                            : Schedule.ONE_F_ONE_B));
                                    final double time = cost.iteration(layerCosts, offset, inputs, breakdown);
                                    final double memory = breakdown[LlmCostModel.MEM_TOTAL];
                                    final boolean fits = memory <= memoryLimit;
                                    final boolean better = fits ? !out.fits || time < bestTime
                                            : !out.fits && memory < leastMemory;
                                    if (better) {
                                        bestTime = fits ? time : bestTime;
                                        leastMemory = fits ? leastMemory : memory;
                                        out.found = true;
                                        out.fits = fits;
                                        out.tp = t;
                                        out.pp = p;
                                        out.dp = d;
                                        out.microBatch = b;
                                        out.interleave = v;
                                        out.recompute = r;
                                        out.sequenceParallel = sp == 1;
                                        out.zero = z;
                                        out.iterationSeconds = time;
                                        out.memoryBytes = memory;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out.found;
    }
}

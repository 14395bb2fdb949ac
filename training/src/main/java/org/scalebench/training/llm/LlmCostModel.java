package org.scalebench.training.llm;

import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;

/**
 * The cost of one training iteration of a transformer under 3D parallelism on a cluster (the formulas are in
 * {@code docs/llm-model.md}):
 * <ul>
 *   <li><b>per layer</b>, per microbatch of {@code b} sequences on one GPU of a {@code t}-way tensor-parallel
 *   group: the six GEMMs of the forward pass (query/key/value, scores, attention over values, output projection,
 *   two MLP matrices) and two per GEMM in the backward pass, priced by {@link GemmModel}; LayerNorms, softmax,
 *   dropouts, bias-activation and residual additions priced by the bytes they move; Megatron's two all-reduces
 *   forward and two backward of {@code b s h} elements (all-gather + reduce-scatter with sequence parallelism);
 *   recomputation (selective: the attention core; full: the whole forward pass, its all-reduces included);</li>
 *   <li><b>pipeline</b>: {@code m} microbatches through {@code p} stages, {@code T = m t_max + (p - 1) / v
 *   t_mean} (the bubble is {@code (p - 1) / (v m)} of the work), and point-to-point transfers of each stage's
 *   output, {@code 2 (m v + p - 1)} on the critical path, split over the tensor-parallel GPUs and gathered inside
 *   the node (Narayanan et al.'s scatter/gather);</li>
 *   <li><b>data parallelism</b> after the pipeline flush, not overlapped: an all-reduce of FP32 gradients, or
 *   with ZeRO-1/2 a reduce-scatter of gradients and an all-gather of BF16/FP16 weights, or with ZeRO-3 two
 *   weight all-gathers and a gradient reduce-scatter per microbatch; then the Adam step (memory bound);</li>
 *   <li><b>memory</b> per GPU on the busiest stage: weights (2 bytes per parameter), FP32 gradients (4) and Adam
 *   state with FP32 master weights (12), divided by the ZeRO stage (ZeRO-3 also holds one gathered layer), plus
 *   activations of the microbatches in flight (Korthikanti et al. 2022, Section 4).</li>
 * </ul>
 * Every collective is priced by {@link NcclModel} (fastest algorithm and protocol): tensor parallelism inside a
 * node, data parallelism across the nodes as Megatron places ranks (tensor-parallel ranks adjacent, then data,
 * then pipeline), the node's network shared evenly by the data-parallel groups that cross it concurrently.
 *
 * <p>The primitive methods ({@link #layerCosts}, {@link #iteration}, ...) allocate nothing; {@link #evaluate}
 * allocates its result. Immutable and thread-safe.
 */
public final class LlmCostModel {

    /** Layer slot: forward compute seconds per layer per microbatch. */
    static final int FWD = 0;
    /** Layer slot: backward compute seconds. */
    static final int BWD = 1;
    /** Layer slot: recompute seconds, selective. */
    static final int REC_SELECTIVE = 2;
    /** Layer slot: recompute seconds, full. */
    static final int REC_FULL = 3;
    /** Layer slot: tensor-parallel communication seconds, forward. */
    static final int TP_FWD = 4;
    /** Layer slot: tensor-parallel communication seconds, backward. */
    static final int TP_BWD = 5;
    /** Layer slot: activation bytes kept per layer per microbatch, no recomputation. */
    static final int ACT_NONE = 6;
    /** Layer slot: activation bytes, selective recomputation. */
    static final int ACT_SELECTIVE = 7;
    /** Layer slot: activation bytes, full recomputation. */
    static final int ACT_FULL = 8;
    /** Layer slot: output layer (logits and loss) compute seconds, forward and backward, per microbatch. */
    static final int HEAD = 9;
    /** Layer slot: output layer activation bytes per microbatch. */
    static final int HEAD_ACT = 10;
    /** Layer slot: embedding compute seconds, forward and backward, per microbatch. */
    static final int EMBED = 11;
    /** Layer slot: point-to-point seconds of one stage-to-stage transfer inside a node. */
    static final int P2P_INTRA = 12;
    /** Layer slot: point-to-point seconds of one stage-to-stage transfer across nodes. */
    static final int P2P_INTER = 13;
    /** Slots per (tp, micro batch, sequence parallel) entry. */
    static final int LAYER_SLOTS = 14;

    /** Breakdown slot: compute on the busiest stage, all microbatches. */
    public static final int COMPUTE = 0;
    /** Breakdown slot: tensor-parallel communication. */
    public static final int TENSOR_PARALLEL = 1;
    /** Breakdown slot: pipeline bubble. */
    public static final int BUBBLE = 2;
    /** Breakdown slot: pipeline point-to-point transfers. */
    public static final int PIPELINE_TRANSFERS = 3;
    /** Breakdown slot: data-parallel communication (exposed). */
    public static final int DATA_PARALLEL = 4;
    /** Breakdown slot: optimizer step. */
    public static final int OPTIMIZER = 5;
    /** Breakdown slot: iteration time, the sum of the above. */
    public static final int ITERATION = 6;
    /** Breakdown slot: weight bytes per GPU. */
    public static final int MEM_WEIGHTS = 7;
    /** Breakdown slot: gradient bytes per GPU. */
    public static final int MEM_GRADIENTS = 8;
    /** Breakdown slot: optimizer-state bytes per GPU. */
    public static final int MEM_OPTIMIZER = 9;
    /** Breakdown slot: activation bytes per GPU. */
    public static final int MEM_ACTIVATIONS = 10;
    /** Breakdown slot: total bytes per GPU on the busiest stage. */
    public static final int MEM_TOTAL = 11;
    /** Breakdown slots. */
    public static final int BREAKDOWN_SLOTS = 12;

    /** Bytes per weight, activation and communicated activation element (FP16 or BF16). */
    static final int HALF = 2;
    /** Bytes per FP32 gradient (Megatron-LM accumulates and reduces main gradients in FP32). */
    static final int GRADIENT_BYTES = 4;
    /** Bytes of Adam state per parameter: FP32 master weight, first and second moments. */
    static final int ADAM_STATE_BYTES = 12;
    /** Bytes the Adam step moves per parameter: reads master, gradient, m, v; writes master, m, v, half weight. */
    static final int ADAM_STEP_BYTES = 30;

    private final TransformerProfile model;
    private final Cluster cluster;
    private final GpuSpec gpu;
    private final GemmModel gemm;
    private final NcclModel nccl;
    private final NcclModel[] sharedNetwork;
    private final int gpusPerNode;

    /**
     * Creates the model.
     *
     * @param model the transformer
     * @param cluster the cluster (links, NCCL fabric, node size)
     * @param gpu the GPU type
     * @param generation NCCL constants, or null for the cluster's own generation
     */
    public LlmCostModel(final TransformerProfile model, final Cluster cluster, final GpuSpec gpu,
            final NcclGeneration generation) {
        this.model = model;
        this.cluster = cluster;
        this.gpu = gpu;
        this.gemm = new GemmModel(gpu, HALF);
        final NcclConstants constants = NcclConstants.of(generation == null ? cluster.ncclGeneration() : generation);
        final NcclFabric f = cluster.ncclFabric();
        this.nccl = new NcclModel(constants, f);
        this.gpusPerNode = cluster.gpusPerNode();
        this.sharedNetwork = new NcclModel[gpusPerNode + 1];
        for (int share = 1; share <= gpusPerNode; share++) {
            sharedNetwork[share] = share == 1 ? nccl : new NcclModel(constants, new NcclFabric(f.architecture(),
                    f.nvlink(), f.channelsSingleNode(), f.channelsMultiNode(), f.bwIntraPerChannel() / share,
                    f.bwInterPerChannel() / share));
        }
    }

    /**
     * The transformer.
     *
     * @return the profile
     */
    public TransformerProfile model() {
        return model;
    }

    /**
     * The cluster.
     *
     * @return the cluster
     */
    public Cluster cluster() {
        return cluster;
    }

    /**
     * The GPU type.
     *
     * @return the spec
     */
    public GpuSpec gpu() {
        return gpu;
    }

    /**
     * The GEMM model in use.
     *
     * @return the model
     */
    public GemmModel gemm() {
        return gemm;
    }

    private double gemmForward(final long batch, final long m, final long n, final long k) {
        return gemm.seconds(batch, m, n, k);
    }

    private double gemmBackward(final long batch, final long m, final long n, final long k) {
        return gemm.seconds(batch, m, k, n) + gemm.seconds(batch, k, n, m);
    }

    /**
     * Per-layer and per-microbatch costs of a {@code (t, b, sequence parallel)} choice, written into
     * {@code out[offset .. offset + LAYER_SLOTS)}. Allocates nothing.
     *
     * @param t tensor-parallel size (divides heads, key/value heads, MLP width and vocabulary; at most a node)
     * @param b microbatch size
     * @param sp sequence parallelism
     * @param out receives the slots
     * @param offset where the slots start
     */
    public void layerCosts(final int t, final int b, final boolean sp, final double[] out, final int offset) {
        final long s = model.seqLength();
        final long h = model.hidden();
        final long f = model.ffnHidden();
        final long v = model.vocab();
        final long kv = model.kvDim();
        final long dh = model.headDim();
        final long tokens = b * s;
        final long headsPerGpu = b * (long) model.heads() / t;
        final double residual = (double) tokens * h;
        final double residualPerGpu = sp ? residual / t : residual;
        final double scores = (double) headsPerGpu * s * s;
        final double mlpHidden = (double) tokens * f / t;
        final long fc1Width = f * (model.swiglu() ? 2 : 1) / t;

        final double score = gemmForward(headsPerGpu, s, s, dh);
        final double context = gemmForward(headsPerGpu, s, dh, s);
        final double gemmFwd = gemmForward(1, tokens, (h + 2 * kv) / t, h) + score + context
                + gemmForward(1, tokens, h, h / t) + gemmForward(1, tokens, fc1Width, h)
                + gemmForward(1, tokens, h, f / t);
        final double gemmBwd = gemmBackward(1, tokens, (h + 2 * kv) / t, h) + gemmBackward(headsPerGpu, s, s, dh)
                + gemmBackward(headsPerGpu, s, dh, s) + gemmBackward(1, tokens, h, h / t)
                + gemmBackward(1, tokens, fc1Width, h) + gemmBackward(1, tokens, h, f / t);
        final double norms = 2 * (2 * HALF * residualPerGpu);
        final double softmax = 2 * HALF * scores;
        final double attentionDropout = 2 * HALF * scores + scores;
        final double residualAdds = 2 * (3 * HALF * residualPerGpu + residualPerGpu);
        final double activation = (model.swiglu() ? 3 : 2) * HALF * mlpHidden;
        final double elementFwd = norms + softmax + attentionDropout + residualAdds + activation;
        final double fwd = gemmFwd + gemm.memorySeconds(elementFwd);
        out[offset + FWD] = fwd;
        out[offset + BWD] = gemmBwd + gemm.memorySeconds(2 * elementFwd);
        out[offset + REC_SELECTIVE] = score + context + gemm.memorySeconds(softmax + attentionDropout);
        out[offset + REC_FULL] = fwd;

        final long message = (long) (HALF * residual);
        final double tp;
        if (t == 1) {
            tp = 0;
        } else if (sp) {
            tp = 2 * (nccl.fastestSeconds(Collective.ALL_GATHER, message, t, 1)
                    + nccl.fastestSeconds(Collective.REDUCE_SCATTER, message, t, 1));
        } else {
            tp = 2 * nccl.fastestSeconds(Collective.ALL_REDUCE, message, t, 1);
        }
        out[offset + TP_FWD] = tp;
        out[offset + TP_BWD] = tp;

        final double g = (double) model.kvHeads() / model.heads();
        final double replicated = 10 * residual;
        final double split = 2 * residual * (2 + 2 * g) + (model.swiglu() ? 6 : 4) * (double) tokens * f;
        final double scoreBytes = 5 * (double) b * model.heads() * s * s;
        final double selective = (sp ? replicated / t : replicated) + split / t;
        out[offset + ACT_NONE] = selective + scoreBytes / t;
        out[offset + ACT_SELECTIVE] = selective;
        out[offset + ACT_FULL] = sp ? HALF * residual / t : HALF * residual;

        final double logits = (double) tokens * v / t;
        out[offset + HEAD] = gemmForward(1, tokens, v / t, h) + gemmBackward(1, tokens, v / t, h)
                + gemm.memorySeconds(12 * logits);
        out[offset + HEAD_ACT] = 4 * residual / t * (1 + (double) v / h);
        out[offset + EMBED] = gemm.memorySeconds(12 * residualPerGpu);

        final double p2pBytes = t == 1 ? HALF * residual : HALF * residual / t;
        final double gather = t == 1 || sp ? 0 : nccl.fastestSeconds(Collective.ALL_GATHER, message, t, 1);
        final AlphaBetaGamma network = cluster.interLinkPerGpu();
        out[offset + P2P_INTRA] = cluster.peerLatency() + p2pBytes / cluster.peerBandwidth(0, gpusPerNode > 1 ? 1 : 0)
                + gather;
        out[offset + P2P_INTER] = network.alpha() + p2pBytes * network.beta() + gather;
    }

    /**
     * Parameters held by one GPU of the stage with the most: its layers' share and the (tied) embedding.
     *
     * @param t tensor-parallel size
     * @param p pipeline-parallel size
     * @return parameters
     */
    public double parametersPerGpu(final int t, final int p) {
        final double layers = (double) model.layers() / p * model.parametersPerLayer() / t;
        return layers + (double) model.vocab() * model.hidden() / t + (double) model.seqLength() * model.hidden();
    }

    private NcclModel dataParallelNetwork(final int t, final int d) {
        final int ranksPerNode = t >= gpusPerNode ? 1 : Math.min(d, gpusPerNode / t);
        final int nodes = (d + ranksPerNode - 1) / ranksPerNode;
        return nodes == 1 ? nccl : sharedNetwork[Math.max(1, Math.min(gpusPerNode, gpusPerNode / ranksPerNode))];
    }

    private int dataParallelNodes(final int t, final int d) {
        final int ranksPerNode = t >= gpusPerNode ? 1 : Math.min(d, gpusPerNode / t);
        return (d + ranksPerNode - 1) / ranksPerNode;
    }

    /**
     * Data-parallel communication once per iteration (after the pipeline flush). Allocates nothing.
     *
     * @param zero ZeRO stage
     * @param params parameters per GPU
     * @param t tensor-parallel size
     * @param d data-parallel size
     * @return seconds
     */
    public double dataParallelStepSeconds(final int zero, final double params, final int t, final int d) {
        if (d == 1 || zero == 3) {
            return 0;
        }
        final NcclModel net = dataParallelNetwork(t, d);
        final int nodes = dataParallelNodes(t, d);
        final long gradients = (long) Math.ceil(GRADIENT_BYTES * params);
        if (zero == 0) {
            return net.fastestSeconds(Collective.ALL_REDUCE, gradients, d, nodes);
        }
        return net.fastestSeconds(Collective.REDUCE_SCATTER, gradients, d, nodes)
                + net.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(HALF * params), d, nodes);
    }

    /**
     * Data-parallel communication per microbatch (ZeRO-3: gather the weights for the forward pass, again for the
     * backward pass and once more for a full recomputation, and reduce-scatter the gradients). Allocates nothing.
     *
     * @param zero ZeRO stage
     * @param params parameters per GPU
     * @param t tensor-parallel size
     * @param d data-parallel size
     * @param fullRecompute whether the forward pass is recomputed (ZeRO-3 gathers the weights a third time)
     * @return seconds
     */
    public double dataParallelMicrobatchSeconds(final int zero, final double params, final int t, final int d,
            final boolean fullRecompute) {
        if (d == 1 || zero != 3) {
            return 0;
        }
        final NcclModel net = dataParallelNetwork(t, d);
        final int nodes = dataParallelNodes(t, d);
        return (fullRecompute ? 3 : 2) * net.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(HALF * params), d,
                nodes) + net.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(GRADIENT_BYTES * params), d,
                nodes);
    }

    /**
     * The Adam step: memory bound over the parameters this GPU updates.
     *
     * @param zero ZeRO stage
     * @param params parameters per GPU
     * @param d data-parallel size
     * @return seconds
     */
    public double optimizerSeconds(final int zero, final double params, final int d) {
        return gemm.memorySeconds(ADAM_STEP_BYTES * (zero >= 1 ? params / d : params));
    }

    /**
     * Whether adjacent pipeline stages sit on different nodes for this placement.
     *
     * @param t tensor-parallel size
     * @param d data-parallel size
     * @param p pipeline-parallel size
     * @return true when the pipeline spans more than one node
     */
    public boolean pipelineCrossesNodes(final int t, final int d, final int p) {
        return (long) t * d * p > gpusPerNode;
    }

    /**
     * Assembles one iteration from per-layer costs and writes the breakdown. Allocates nothing.
     *
     * @param layer per-layer costs from {@link #layerCosts}
     * @param offset their offset
     * @param t tensor-parallel size
     * @param p pipeline-parallel size
     * @param d data-parallel size
     * @param m microbatches per replica
     * @param v model chunks per device (1 unless interleaved)
     * @param gpipe whether the schedule is GPipe (all microbatches in flight)
     * @param recompute recomputation ordinal ({@link Recompute#ordinal()})
     * @param zero ZeRO stage
     * @param params parameters per GPU ({@link #parametersPerGpu})
     * @param dpStep {@link #dataParallelStepSeconds}
     * @param dpMicro {@link #dataParallelMicrobatchSeconds}
     * @param optimizer {@link #optimizerSeconds}
     * @param out receives {@link #BREAKDOWN_SLOTS} values
     * @return iteration seconds
     */
    public double iteration(final double[] layer, final int offset, final int t, final int p, final int d,
            final int m, final int v, final boolean gpipe, final int recompute, final int zero, final double params,
            final double dpStep, final double dpMicro, final double optimizer, final double[] out) {
        final int perStage = model.layers() / p;
        final double rec = recompute == 0 ? 0 : layer[offset + (recompute == 1 ? REC_SELECTIVE : REC_FULL)];
        final double perLayer = layer[offset + FWD] + layer[offset + BWD] + rec;
        final double perLayerTp = layer[offset + TP_FWD] + layer[offset + TP_BWD]
                + (recompute == 2 ? layer[offset + TP_FWD] : 0);
        final double head = layer[offset + HEAD];
        final double embed = layer[offset + EMBED];
        final double body = perStage * perLayer;
        final double busiest = p == 1 ? body + head + embed : body + Math.max(head, embed);
        final double stageTp = perStage * perLayerTp;
        final double mean = body + (head + embed) / p + stageTp;
        final double compute = m * busiest;
        final double tensor = m * stageTp;
        final double bubble = (p - 1) * mean / v;
        final double transfer = p == 1 ? 0
                : 2.0 * ((double) m * v + p - 1) * layer[offset + (pipelineCrossesNodes(t, d, p) ? P2P_INTER : P2P_INTRA)];
        final double dataParallel = dpStep + m * dpMicro;
        out[COMPUTE] = compute;
        out[TENSOR_PARALLEL] = tensor;
        out[BUBBLE] = bubble;
        out[PIPELINE_TRANSFERS] = transfer;
        out[DATA_PARALLEL] = dataParallel;
        out[OPTIMIZER] = optimizer;
        final double total = compute + tensor + bubble + transfer + dataParallel + optimizer;
        out[ITERATION] = total;

        final double weights = zero == 3 ? HALF * params / d + HALF * model.parametersPerLayer() / t
                : HALF * params;
        final double gradients = GRADIENT_BYTES * params / (zero >= 2 ? d : 1);
        final double state = ADAM_STATE_BYTES * params / (zero >= 1 ? d : 1);
        final double kept = layer[offset + ACT_NONE + recompute];
        final double inFlight = gpipe ? m : v == 1 ? Math.min(p, m) : p + (p - 1.0) / v;
        final double workspace = recompute == 2 ? layer[offset + ACT_NONE] : 0;
        final double first = perStage * kept * inFlight + workspace + (p == 1 ? layer[offset + HEAD_ACT] : 0);
        final double lastInFlight = gpipe ? m : v == 1 ? 1 : 1 + (p - 1.0) / v;
        final double last = perStage * kept * lastInFlight + workspace + layer[offset + HEAD_ACT];
        final double activations = Math.max(first, last);
        out[MEM_WEIGHTS] = weights;
        out[MEM_GRADIENTS] = gradients;
        out[MEM_OPTIMIZER] = state;
        out[MEM_ACTIVATIONS] = activations;
        out[MEM_TOTAL] = weights + gradients + state + activations;
        return total;
    }

    /**
     * Model FLOPs of one iteration (forward and backward, no recomputation), over all GPUs.
     *
     * @param globalBatch sequences per iteration
     * @return FLOPs
     */
    public double modelFlopsPerIteration(final int globalBatch) {
        return 3.0 * globalBatch * (model.layers() * layerForwardFlops() + headForwardFlops());
    }

    /**
     * FLOPs the GPUs execute in one iteration: model FLOPs plus the recomputed forward work.
     *
     * @param globalBatch sequences per iteration
     * @param recompute the recomputation
     * @return FLOPs
     */
    public double hardwareFlopsPerIteration(final int globalBatch, final Recompute recompute) {
        final double s = model.seqLength();
        final double extra = switch (recompute) {
            case NONE -> 0;
            case SELECTIVE -> 4.0 * s * s * model.hidden();
            case FULL -> layerForwardFlops();
        };
        return modelFlopsPerIteration(globalBatch) + (double) globalBatch * model.layers() * extra;
    }

    /**
     * Forward FLOPs of one layer for one sequence: {@code 2 s h (h + 2 kv) + 4 s^2 h + 2 s h^2 + 2 s h f x
     * matrices}.
     *
     * @return FLOPs
     */
    public double layerForwardFlops() {
        final double s = model.seqLength();
        final double h = model.hidden();
        return 2 * s * h * (h + 2.0 * model.kvDim()) + 4 * s * s * h + 2 * s * h * h
                + 2 * s * h * model.ffnHidden() * model.mlpMatrices();
    }

    /**
     * Forward FLOPs of the output layer for one sequence: {@code 2 s h V}.
     *
     * @return FLOPs
     */
    public double headForwardFlops() {
        return 2.0 * model.seqLength() * model.hidden() * model.vocab();
    }

    /**
     * Evaluates one configuration (allocates the result).
     *
     * @param config the configuration, already {@link ParallelConfig#check checked}
     * @return the estimate with its breakdown
     */
    public LlmEstimate evaluate(final ParallelConfig config) {
        final double[] layer = new double[LAYER_SLOTS];
        final int t = config.tp();
        final int p = config.pp();
        final int d = config.dp();
        layerCosts(t, config.microBatch(), config.sequenceParallel(), layer, 0);
        final double params = parametersPerGpu(t, p);
        final double[] out = new double[BREAKDOWN_SLOTS];
        iteration(layer, 0, t, p, d, config.microbatches(), config.interleave(), config.schedule() == Schedule.GPIPE,
                config.recompute().ordinal(), config.zero(), params,
                dataParallelStepSeconds(config.zero(), params, t, d),
                dataParallelMicrobatchSeconds(config.zero(), params, t, d, config.recompute() == Recompute.FULL),
                optimizerSeconds(config.zero(), params, d),
                out);
        return new LlmEstimate(this, config, out);
    }
}

package org.scalebench.training.llm;

import java.util.Locale;
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
 *   <li><b>data parallelism</b> after the pipeline flush: an all-reduce of FP32 gradients, or with ZeRO-1/2 a
 *   reduce-scatter of gradients and an all-gather of BF16/FP16 weights, exposed, or in buckets overlapped with the
 *   last backward and the next forward pass ({@link ExecutionPart#DP_OVERLAP}); or with ZeRO-3 two weight
 *   all-gathers and a gradient reduce-scatter per microbatch; then the Adam step (memory bound);</li>
 *   <li><b>memory</b> per GPU on the busiest stage: weights (2 bytes per parameter), FP32 gradients (4) and Adam
 *   state with FP32 master weights (12), divided by the ZeRO stage (ZeRO-3 also holds one gathered layer), plus
 *   activations of the microbatches in flight (Korthikanti et al. 2022, Section 4).</li>
 * </ul>
 * Every collective is priced by {@link NcclModel} (fastest algorithm and protocol): tensor parallelism on the
 * node's fabric, or across {@code t / gpusPerNode} nodes through their NICs when wider than a node; data parallelism
 * across the nodes as Megatron places ranks (tensor-parallel ranks adjacent, then data, then pipeline), the node's
 * network shared evenly by the data-parallel groups that cross it concurrently.
 *
 * <p>An {@link Execution} adds how the iteration runs beyond FLOPs and bytes, each part switchable: memory-bound
 * kernels at a measured fraction of the bandwidth, a launch floor under every kernel, Megatron-LM's optimizer passes,
 * the FP32 loss, the embedding-gradient all-reduce between the first and last stage, backward tensor-parallel
 * collectives overlapped with the GEMMs that do not wait for them (the GEMM losing the SMs NCCL's channels occupy),
 * a separate gradient-accumulation pass (older Megatron-LM), and a GEMM efficiency.
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
    /** Layer slot: all-reduce of the tied embedding's gradients between first and last stage, inside a node. */
    static final int EMBED_SYNC_INTRA = 14;
    /** Layer slot: the same across nodes. */
    static final int EMBED_SYNC_INTER = 15;
    /** Slots per (tp, micro batch, sequence parallel) entry. */
    static final int LAYER_SLOTS = 16;

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
    /** Kernels of the FP32 loss (cast, max, subtract, exp, sum, divide; scale and cast back). */
    static final int LOSS_KERNELS = 8;

    private final TransformerProfile model;
    private final Cluster cluster;
    private final GpuSpec gpu;
    private final Execution execution;
    private final GemmModel gemm;
    private final NcclModel nccl;
    private final NcclModel[] sharedNetwork;
    private final int gpusPerNode;
    private final double kernelFloor;
    private final boolean overlap;
    private final boolean commOverlap;
    private final double optimizerBytes;
    private final double accumulationBytes;
    private final double lossBytes;
    private final boolean embeddingSync;
    private final boolean dataParallelOverlap;
    private final double channelShareSingleNode;
    private final double channelShareMultiNode;
    private final PipelinePartition partition;

    /**
     * Creates the model with the execution of {@code train llm} by default: {@link Execution#defaults()}, BF16 (no
     * loss scaler).
     *
     * @param model the transformer
     * @param cluster the cluster (links, NCCL fabric, node size)
     * @param gpu the GPU type
     * @param generation NCCL constants, or null for the cluster's own generation
     */
    public LlmCostModel(final TransformerProfile model, final Cluster cluster, final GpuSpec gpu,
            final NcclGeneration generation) {
        this(model, cluster, gpu, generation, Execution.defaults(), HalfFormat.BF16);
    }

    /**
     * Creates the model.
     *
     * @param model the transformer
     * @param cluster the cluster (links, NCCL fabric, node size)
     * @param gpu the GPU type
     * @param generation NCCL constants, or null for the cluster's own generation
     * @param execution how the iteration runs beyond FLOPs and bytes
     * @param halfFormat FP16 (with a loss scaler, whose unscale pass the optimizer runs) or BF16
     */
    public LlmCostModel(final TransformerProfile model, final Cluster cluster, final GpuSpec gpu,
            final NcclGeneration generation, final Execution execution, final HalfFormat halfFormat) {
        this(model, cluster, gpu, generation, execution, halfFormat, PipelinePartition.UNIFORM);
    }

    /**
     * Creates the model with a pipeline partition other than Megatron-LM's.
     *
     * @param model the transformer
     * @param cluster the cluster (links, NCCL fabric, node size)
     * @param gpu the GPU type
     * @param generation NCCL constants, or null for the cluster's own generation
     * @param execution how the iteration runs beyond FLOPs and bytes
     * @param halfFormat FP16 (with a loss scaler, whose unscale pass the optimizer runs) or BF16
     * @param partition how the layers are divided among the pipeline stages
     */
    public LlmCostModel(final TransformerProfile model, final Cluster cluster, final GpuSpec gpu,
            final NcclGeneration generation, final Execution execution, final HalfFormat halfFormat,
            final PipelinePartition partition) {
        this.partition = partition;
        this.model = model;
        this.cluster = cluster;
        this.gpu = gpu;
        this.execution = execution;
        this.gemm = new GemmModel(gpu, HALF, execution.gemmEfficiency(), execution.memoryEfficiency());
        this.kernelFloor = execution.kernelFloorSeconds();
        this.overlap = execution.has(ExecutionPart.TP_OVERLAP);
        this.commOverlap = execution.has(ExecutionPart.TP_COMM_OVERLAP);
        this.optimizerBytes = execution.optimizerBytesPerParameter(halfFormat == HalfFormat.FP16);
        this.accumulationBytes = execution.accumulationBytesPerParameter();
        this.lossBytes = execution.lossBytesPerLogit();
        this.embeddingSync = execution.has(ExecutionPart.EMBEDDING_SYNC);
        this.dataParallelOverlap = execution.has(ExecutionPart.DP_OVERLAP);
        final NcclConstants constants = NcclConstants.of(generation == null ? cluster.ncclGeneration() : generation);
        final NcclFabric f = cluster.ncclFabric();
        this.nccl = new NcclModel(constants, f);
        this.gpusPerNode = cluster.gpusPerNode();
        this.channelShareSingleNode = Math.min(1.0, (double) f.channelsSingleNode() / gpu.sms());
        this.channelShareMultiNode = Math.min(1.0, (double) f.channelsMultiNode() / gpu.sms());
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
     * How the iteration runs beyond FLOPs and bytes.
     *
     * @return the execution
     */
    public Execution execution() {
        return execution;
    }

    /**
     * The GEMM model in use.
     *
     * @return the model
     */
    public GemmModel gemm() {
        return gemm;
    }

    private double gemmKernel(final long batch, final long m, final long n, final long k) {
        return Math.max(kernelFloor, gemm.seconds(batch, m, n, k));
    }

    /** The input-gradient GEMM of a forward {@code M x N x K} GEMM. */
    private double gemmInputGradient(final long batch, final long m, final long n, final long k) {
        return gemmKernel(batch, m, k, n);
    }

    /** The weight-gradient GEMM of a forward {@code M x N x K} GEMM. */
    private double gemmWeightGradient(final long batch, final long m, final long n, final long k) {
        return gemmKernel(batch, k, n, m);
    }

    private double memoryKernel(final double bytes) {
        return Math.max(kernelFloor, gemm.memorySeconds(bytes));
    }

    /**
     * Number of nodes a tensor-parallel group of {@code t} GPUs spans.
     *
     * @param t tensor-parallel size (at most a node, or a multiple of it)
     * @return nodes
     */
    public int tensorParallelNodes(final int t) {
        return t > gpusPerNode ? (t + gpusPerNode - 1) / gpusPerNode : 1;
    }

    /**
     * Time of a GEMM of {@code gemmSeconds} sharing the GPU with a collective of {@code commSeconds} that starts
     * with it: NCCL's channels take {@code share} of the SMs while the collective runs, so the GEMM finishes at
     * {@code gemm + share comm}, or the collective last.
     */
    private static double overlapped(final double gemmSeconds, final double commSeconds, final double share) {
        return Math.max(commSeconds, gemmSeconds + share * commSeconds);
    }

    /**
     * Time of a GEMM of {@code gemmSeconds} split into {@code t} pieces pipelined with a collective of
     * {@code commSeconds} split likewise (an all-gather: one piece per tensor-parallel rank; a reduce-scatter:
     * {@link Execution#scatterSplits} pieces) (Transformer Engine's userbuffers: an all-gather's pieces arrive round a ring
     * while the GEMM works on the ones it has; a reduce-scatter's pieces leave as the GEMM produces them): the longer of
     * the two, as {@link #overlapped}, plus one piece of the shorter, which cannot overlap (the first piece's transfer
     * or the last piece's GEMM).
     */
    private static double pipelined(final double gemmSeconds, final double commSeconds, final double share,
            final int t) {
        return overlapped(gemmSeconds, commSeconds, share) + Math.min(gemmSeconds, commSeconds) / t;
    }

    /**
     * Per-layer and per-microbatch costs of a {@code (t, b, sequence parallel)} choice, written into
     * {@code out[offset .. offset + LAYER_SLOTS)}. Allocates nothing.
     *
     * @param t tensor-parallel size (divides heads, key/value heads, MLP width and vocabulary; at most a node or a
     *          multiple of it)
     * @param b microbatch size
     * @param sp sequence parallelism
     * @param out receives the slots
     * @param offset where the slots start
     */
    public void layerCosts(final int t, final int b, final boolean sp, final double[] out, final int offset) {
        requireActivationsFit(model, b);
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

        // Forward kernels of one layer on one GPU, in Megatron-LM's order.
        final double norm = memoryKernel(2 * HALF * residualPerGpu);
        final double qkv = gemmKernel(1, tokens, (h + 2 * kv) / t, h);
        final double score = gemmKernel(headsPerGpu, s, s, dh);
        final double softmax = memoryKernel(2 * HALF * scores);
        final double attentionDropout = memoryKernel(2 * HALF * scores + scores);
        final double context = gemmKernel(headsPerGpu, s, dh, s);
        final double contextCopy = memoryKernel(2 * HALF * (double) tokens * h / t);
        final double projection = gemmKernel(1, tokens, h, h / t);
        final double residualAdd = memoryKernel(3 * HALF * residualPerGpu + residualPerGpu);
        final double fc1 = gemmKernel(1, tokens, fc1Width, h);
        final double activation = memoryKernel((model.swiglu() ? 3 : 2) * HALF * mlpHidden);
        final double fc2 = gemmKernel(1, tokens, h, f / t);
        final double elementFwd = 2 * norm + softmax + attentionDropout + contextCopy + 2 * residualAdd + activation;
        final double fwd = qkv + score + context + projection + fc1 + fc2 + elementFwd;

        // Backward: an input-gradient and a weight-gradient GEMM per forward GEMM; element-wise kernels move twice
        // their forward bytes.
        final double qkvInput = gemmInputGradient(1, tokens, (h + 2 * kv) / t, h);
        final double qkvWeight = gemmWeightGradient(1, tokens, (h + 2 * kv) / t, h);
        final double fc1Input = gemmInputGradient(1, tokens, fc1Width, h);
        final double fc1Weight = gemmWeightGradient(1, tokens, fc1Width, h);
        final double projectionInput = gemmInputGradient(1, tokens, h, h / t);
        final double fc2Input = gemmInputGradient(1, tokens, h, f / t);
        final double rowParallel = projectionInput + gemmWeightGradient(1, tokens, h, h / t) + fc2Input
                + gemmWeightGradient(1, tokens, h, f / t);
        final double attention = gemmInputGradient(headsPerGpu, s, s, dh) + gemmWeightGradient(headsPerGpu, s, s, dh)
                + gemmInputGradient(headsPerGpu, s, dh, s) + gemmWeightGradient(headsPerGpu, s, dh, s);
        final double elementBwd = 2 * memoryKernel(4 * HALF * residualPerGpu) + memoryKernel(4 * HALF * scores)
                + memoryKernel(4 * HALF * scores + scores) + memoryKernel(4 * HALF * (double) tokens * h / t)
                + 2 * memoryKernel(6 * HALF * residualPerGpu + residualPerGpu)
                + memoryKernel(2 * (model.swiglu() ? 3 : 2) * HALF * mlpHidden);
        final double columnParallel = qkvInput + qkvWeight + fc1Input + fc1Weight;
        out[offset + FWD] = fwd;
        out[offset + BWD] = columnParallel + rowParallel + attention + elementBwd;
        out[offset + REC_SELECTIVE] = score + context + softmax + attentionDropout;
        out[offset + REC_FULL] = fwd;

        // Tensor-parallel collectives: two per layer forward; backward two, overlapped with the column-parallel
        // layers' GEMMs when the software does so (the row-parallel output gradients' all-gathers of sequence
        // parallelism cannot be, except by Transformer Engine's userbuffers, which also pipeline the forward
        // all-gathers and reduce-scatters with the GEMMs next to them).
        final long message = (long) (HALF * residual);
        final int tpNodes = tensorParallelNodes(t);
        final double share = tpNodes > 1 ? channelShareMultiNode : channelShareSingleNode;
        final double tpFwd;
        final double tpBwd;
        if (t == 1) {
            tpFwd = 0;
            tpBwd = 0;
        } else if (sp) {
            final double gather = nccl.fastestSeconds(Collective.ALL_GATHER, message, t, tpNodes);
            final double scatter = nccl.fastestSeconds(Collective.REDUCE_SCATTER, message, t, tpNodes);
            // userbuffers: an all-gather in t pieces round a ring, a reduce-scatter in a fixed number of pieces
            final int splits = execution.scatterSplits();
            tpFwd = commOverlap
                    ? pipelined(qkv, gather, share, t) - qkv + pipelined(projection, scatter, share, splits) - projection
                            + pipelined(fc1, gather, share, t) - fc1 + pipelined(fc2, scatter, share, splits) - fc2
                    : 2 * (gather + scatter);
            final double rowGathers = commOverlap
                    ? pipelined(projectionInput, gather, share, t) - projectionInput
                            + pipelined(fc2Input, gather, share, t) - fc2Input
                    : 2 * gather;
            tpBwd = overlap || commOverlap
                    ? rowGathers + overlapped(qkvInput, gather, share) - qkvInput
                            + overlapped(qkvWeight, scatter, share) - qkvWeight
                            + overlapped(fc1Input, gather, share) - fc1Input
                            + overlapped(fc1Weight, scatter, share) - fc1Weight
                    : 2 * (gather + scatter);
        } else {
            final double allReduce = nccl.fastestSeconds(Collective.ALL_REDUCE, message, t, tpNodes);
            tpFwd = 2 * allReduce;
            tpBwd = overlap
                    ? overlapped(qkvWeight, allReduce, share) - qkvWeight + overlapped(fc1Weight, allReduce, share)
                            - fc1Weight
                    : tpFwd;
        }
        out[offset + TP_FWD] = tpFwd;
        out[offset + TP_BWD] = tpBwd;

        final double g = (double) model.kvHeads() / model.heads();
        final double replicated = 10 * residual;
        final double split = 2 * residual * (2 + 2 * g) + (model.swiglu() ? 6 : 4) * (double) tokens * f;
        final double scoreBytes = 5 * (double) b * model.heads() * s * s;
        final double selective = (sp ? replicated / t : replicated) + split / t;
        out[offset + ACT_NONE] = selective + scoreBytes / t;
        out[offset + ACT_SELECTIVE] = selective;
        out[offset + ACT_FULL] = sp ? HALF * residual / t : HALF * residual;

        final double logits = (double) tokens * v / t;
        out[offset + HEAD] = gemmKernel(1, tokens, v / t, h) + gemmInputGradient(1, tokens, v / t, h)
                + gemmWeightGradient(1, tokens, v / t, h)
                + Math.max(LOSS_KERNELS * kernelFloor, gemm.memorySeconds(lossBytes * logits));
        out[offset + HEAD_ACT] = 4 * residual / t * (1 + (double) v / h);
        out[offset + EMBED] = memoryKernel(4 * residualPerGpu) + memoryKernel(8 * residualPerGpu);

        final double p2pBytes = t == 1 ? HALF * residual : HALF * residual / t;
        final double gather = t == 1 || sp ? 0 : nccl.fastestSeconds(Collective.ALL_GATHER, message, t, tpNodes);
        final AlphaBetaGamma network = cluster.interLinkPerGpu();
        out[offset + P2P_INTRA] = cluster.peerLatency() + p2pBytes / cluster.peerBandwidth(0, gpusPerNode > 1 ? 1 : 0)
                + gather;
        out[offset + P2P_INTER] = network.alpha() + p2pBytes * network.beta() + gather;

        final long embeddingGradients = (long) Math.ceil((double) GRADIENT_BYTES * v * h / t);
        out[offset + EMBED_SYNC_INTRA] = embeddingSync
                ? nccl.fastestSeconds(Collective.ALL_REDUCE, embeddingGradients, 2, 1) : 0;
        out[offset + EMBED_SYNC_INTER] = embeddingSync
                ? sharedNetwork[gpusPerNode].fastestSeconds(Collective.ALL_REDUCE, embeddingGradients, 2, 2) : 0;
    }

    /**
     * Refuses a microbatch whose activations ({@code b x seq_length x hidden} half-precision values, the tensor-parallel
     * message) pass 2^63 - 1 bytes: priced as a long, the message would saturate silently. Reached only at the
     * largest sizes a profile file allows (hidden and seq_length 2^20, a microbatch above 2^21 sequences).
     *
     * @param model the transformer
     * @param b microbatch size
     * @throws IllegalArgumentException naming the microbatch size, the bytes and the limit
     */
    static void requireActivationsFit(final TransformerProfile model, final int b) {
        final double bytes = (double) HALF * b * model.seqLength() * model.hidden();
        if (bytes >= 0x1p63) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "micro batch = %d: a microbatch's"
                    + " activations, micro batch x seq_length %d x hidden %d x %d bytes = %.3g bytes, must be at most"
                    + " 2^63 - 1 bytes for %s", b, model.seqLength(), model.hidden(), HALF, bytes, model.name()));
        }
    }

    /**
     * Parameters held by one GPU of the stage with the most: its layers' share and the (tied) embedding (with
     * {@link PipelinePartition#EMBEDDING_SLOTS}, the most over the stages, the first holding the input embedding and
     * the last the output layer).
     *
     * @param t tensor-parallel size
     * @param p pipeline-parallel size
     * @return parameters
     */
    public double parametersPerGpu(final int t, final int p) {
        if (partition != PipelinePartition.UNIFORM && p > 1) {
            final int[] n = partition.stageLayers(model.layers(), p);
            final double vocabulary = (double) model.vocab() * model.hidden() / t;
            double most = 0;
            for (int k = 0; k < p; k++) {
                most = Math.max(most, n[k] * model.parametersPerLayer() / t
                        + (k == 0 ? vocabulary + (double) model.seqLength() * model.hidden() : 0)
                        + (k == p - 1 ? vocabulary : 0));
            }
            return most;
        }
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
    public double dataParallelStepSeconds(final ZeroStage zero, final double params, final int t, final int d) {
        if (d == 1 || zero.shardsWeights()) {
            return 0;
        }
        final NcclModel net = dataParallelNetwork(t, d);
        final int nodes = dataParallelNodes(t, d);
        final long gradients = (long) Math.ceil(GRADIENT_BYTES * params);
        if (!zero.shardsOptimizerState()) {
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
     * @param recompute the recomputation (a full one makes ZeRO-3 gather the weights a third time)
     * @return seconds
     */
    public double dataParallelMicrobatchSeconds(final ZeroStage zero, final double params, final int t, final int d,
            final Recompute recompute) {
        if (d == 1 || !zero.shardsWeights()) {
            return 0;
        }
        final NcclModel net = dataParallelNetwork(t, d);
        final int nodes = dataParallelNodes(t, d);
        return (recompute == Recompute.FULL ? 3 : 2) * net.fastestSeconds(Collective.ALL_GATHER,
                (long) Math.ceil(HALF * params), d, nodes) + net.fastestSeconds(Collective.REDUCE_SCATTER,
                (long) Math.ceil(GRADIENT_BYTES * params), d, nodes);
    }

    /**
     * The optimizer step: memory bound over the parameters this GPU updates ({@link Execution} gives the bytes per
     * parameter: the Adam step alone, or every pass Megatron-LM runs).
     *
     * @param zero ZeRO stage
     * @param params parameters per GPU
     * @param d data-parallel size
     * @return seconds
     */
    public double optimizerSeconds(final ZeroStage zero, final double params, final int d) {
        return gemm.memorySeconds(optimizerBytes * (zero.shardsOptimizerState() ? params / d : params));
    }

    /**
     * Prices the data-parallel communication and the optimizer step of the inputs' placement, ZeRO stage and
     * recomputation, and stores them in the inputs. Allocates nothing.
     *
     * @param in the inputs, placement, ZeRO stage and recomputation set
     * @return {@code in}
     */
    public IterationInputs priceDataParallel(final IterationInputs in) {
        final double params = in.parametersPerGpu();
        return priceBuckets(in.dataParallelCosts(dataParallelStepSeconds(in.zero(), params, in.tp(), in.dp()),
                dataParallelMicrobatchSeconds(in.zero(), params, in.tp(), in.dp(), in.recompute()),
                optimizerSeconds(in.zero(), params, in.dp())));
    }

    /**
     * Prices the collectives of an overlapped data-parallel step ({@link ExecutionPart#DP_OVERLAP}) and stores them in
     * the inputs, for the inputs' interleaving {@code v}: a stage's layers in {@code v} model chunks of
     * {@code L / v} each, the first stage's first chunk also holding the input embedding ({@code V h / t + s h})
     * and the last stage's last chunk the output layer ({@code V h / t}, the tied embedding's copy); the first
     * stage's first chunk in {@code ceil(size / B)} equal buckets, {@code B} Megatron-LM's bucket
     * ({@link Execution#bucketParameters}); every other chunk in one piece (Megatron-LM buckets only the first
     * stage's first chunk). Each bucket or chunk is reduced (all-reduce of FP32 gradients, or reduce-scatter with
     * ZeRO-1/2) and, with ZeRO-1/2, gathered (half-precision weights) by its own collective. No buckets without the
     * part, with one data-parallel rank, or with ZeRO-3 (whose collectives run per microbatch, not overlapped).
     * Allocates nothing.
     *
     * @param in the inputs, placement, ZeRO stage and pipeline set
     * @return {@code in}
     */
    public IterationInputs priceBuckets(final IterationInputs in) {
        final int d = in.dp();
        final ZeroStage zero = in.zero();
        if (!dataParallelOverlap || d == 1 || zero.shardsWeights()) {
            return in.dataParallelOverlap(0, 0, 0, 0, 0, 0, 0);
        }
        final int t = in.tp();
        final double vocabulary = (double) model.vocab() * model.hidden() / t;
        final double input = vocabulary + (double) model.seqLength() * model.hidden();
        final double chunk = Math.max(0, in.parametersPerGpu() - input) / in.interleave();
        final double first = chunk + input;
        final double last = chunk + vocabulary;
        final double buckets = Math.ceil(first / execution.bucketParameters(d));
        return in.dataParallelOverlap(buckets, dataParallelReduction(zero, first / buckets, t, d),
                dataParallelGather(zero, first / buckets, t, d), dataParallelReduction(zero, chunk, t, d),
                dataParallelGather(zero, chunk, t, d), dataParallelReduction(zero, last, t, d),
                dataParallelGather(zero, last, t, d));
    }

    /** One collective reducing the FP32 gradients of {@code params} parameters: all-reduce, or reduce-scatter. */
    private double dataParallelReduction(final ZeroStage zero, final double params, final int t, final int d) {
        return dataParallelNetwork(t, d).fastestSeconds(zero.shardsOptimizerState() ? Collective.REDUCE_SCATTER
                : Collective.ALL_REDUCE, (long) Math.ceil(GRADIENT_BYTES * params), d, dataParallelNodes(t, d));
    }

    /** One all-gather of the half-precision weights of {@code params} parameters (ZeRO-1/2), else 0. */
    private double dataParallelGather(final ZeroStage zero, final double params, final int t, final int d) {
        return zero.shardsOptimizerState() ? dataParallelNetwork(t, d).fastestSeconds(Collective.ALL_GATHER,
                (long) Math.ceil(HALF * params), d, dataParallelNodes(t, d)) : 0;
    }

    /**
     * How long the gradient reductions run past the end of the backward work, with the iteration's last backward
     * passes laid out as Megatron-LM's schedule runs them (times relative to that end, {@code t} one microbatch's
     * backward pass through one model chunk). On the first stage, chunk {@code j} gets its last gradient {@code j p}
     * passes before the end (the final round of the interleaved schedule runs {@code p} microbatches per chunk, the
     * last chunk first) and is reduced in one collective of {@code chunk} seconds; chunk 0's {@code n} buckets of
     * {@code bucket} seconds are ready over its last pass, bucket {@code i} at {@code -t + i t / n}. Stage {@code k}
     * finishes {@code k} passes earlier and reduces its chunks whole: the second stage decides among the middle ones
     * (every other is earlier with the same chunks), and the last stage's last chunk takes {@code last} seconds (it
     * holds the output layer). The collectives of a stage run one after the other, each when ready; with
     * {@code v = 1} on one stage this is {@code BucketPipeline}'s chain. Allocates nothing.
     */
    static double reductionLate(final double n, final double bucket, final double chunk, final double last,
            final int v, final int p, final double t) {
        double finish = Double.NEGATIVE_INFINITY;
        for (int j = v - 1; j >= 1; j--) {
            finish = Math.max(-(double) j * p * t, finish) + chunk;
        }
        // buckets ready at -t + i d (d = t / n), back to back once the first can start: the chain of buckets ends
        // n buckets after its start, and after the last is ready
        final double d = t / n;
        double late = Math.max(Math.max(finish, -t + d) + n * bucket, bucket);
        if (p > 1) {
            late = Math.max(late, wholeChunksLate(chunk, p == 2 ? last : chunk, v, p, t, 1));
        }
        if (p > 2) {
            late = Math.max(late, wholeChunksLate(chunk, last, v, p, t, p - 1));
        }
        return late;
    }

    /**
     * Stage {@code k}'s reductions of whole chunks, its last chunk of {@code lastChunk} seconds, the others of
     * {@code chunk}.
     */
    private static double wholeChunksLate(final double chunk, final double lastChunk, final int v, final int p,
            final double t, final int k) {
        double finish = Double.NEGATIVE_INFINITY;
        for (int j = v - 1; j >= 0; j--) {
            finish = Math.max(-(double) k * t - (double) j * p * t, finish) + (j == v - 1 ? lastChunk : chunk);
        }
        return finish;
    }

    /**
     * How long the next iteration's forward work waits for the parameter all-gathers, issued back to back when the
     * optimizer step ends ({@code t} one microbatch's forward pass through one chunk). On the first stage chunk 0's
     * bucket {@code i} (from 1) is needed after {@code (i - 1) t / n} of its first pass and chunk {@code j} after
     * {@code j p} passes (the schedule's first round runs {@code p} microbatches per chunk); stage {@code k}, whose
     * first pass starts {@code k} passes later, gathers its chunks whole, the last stage's last one of {@code last}
     * seconds. The wait is the largest lateness of any of them. Allocates nothing.
     */
    static double gatherLate(final double n, final double bucket, final double chunk, final double last, final int v,
            final int p, final double t) {
        final double d = t / n;
        double late = Math.max(bucket, n * bucket - (n - 1) * d);
        for (int j = 1; j < v; j++) {
            late = Math.max(late, n * bucket + j * chunk - (double) j * p * t);
        }
        if (p > 1) {
            late = Math.max(late, wholeGathersLate(chunk, p == 2 ? last : chunk, v, p, t, 1));
        }
        if (p > 2) {
            late = Math.max(late, wholeGathersLate(chunk, last, v, p, t, p - 1));
        }
        return late;
    }

    /** Stage {@code k}'s gathers of whole chunks from 0, its last chunk of {@code lastChunk} seconds. */
    private static double wholeGathersLate(final double chunk, final double lastChunk, final int v, final int p,
            final double t, final int k) {
        double late = Double.NEGATIVE_INFINITY;
        double done = 0;
        for (int j = 0; j < v; j++) {
            done += j == v - 1 ? lastChunk : chunk;
            late = Math.max(late, done - (double) k * t - (double) j * p * t);
        }
        return late;
    }

    /**
     * The exposed part of collectives of {@code total} seconds of which {@code late} run past the compute they
     * overlap: that part, plus NCCL's channels' share of the SMs for the part that runs under it (the compute's kernels
     * lose those SMs, as for the tensor-parallel overlap).
     */
    private static double exposed(final double late, final double total, final double share) {
        return late + share * (total - late);
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
     * @param layer per-layer costs from {@link #layerCosts} for the inputs' tensor-parallel size, microbatch size
     *     and sequence parallelism
     * @param offset their offset
     * @param in the placement, pipeline, recomputation, ZeRO stage and data-parallel costs
     * @param out receives {@link #BREAKDOWN_SLOTS} values
     * @return iteration seconds
     */
    public double iteration(final double[] layer, final int offset, final IterationInputs in, final double[] out) {
        final int t = in.tp();
        final int p = in.pp();
        final int d = in.dp();
        final int m = in.microbatches();
        final int v = in.interleave();
        final boolean gpipe = in.schedule() == Schedule.GPIPE;
        final Recompute recompute = in.recompute();
        final ZeroStage zero = in.zero();
        final double params = in.parametersPerGpu();
        final int perStage = model.layers() / p;
        final boolean full = recompute == Recompute.FULL;
        final double rec = recompute == Recompute.NONE ? 0 : layer[offset + (full ? REC_FULL : REC_SELECTIVE)];
        final double perLayer = layer[offset + FWD] + layer[offset + BWD] + rec;
        final double perLayerTp = layer[offset + TP_FWD] + layer[offset + TP_BWD]
                + (full ? layer[offset + TP_FWD] : 0);
        final double head = layer[offset + HEAD];
        final double embed = layer[offset + EMBED];
        final double accumulate = gemm.memorySeconds(accumulationBytes * params);
        final double body = perStage * perLayer + accumulate;
        final double busiest = p == 1 ? body + head + embed : body + Math.max(head, embed);
        final double stageTp = perStage * perLayerTp;
        final double mean = body + (head + embed) / p + stageTp;
        double compute = m * busiest;
        double tensor = m * stageTp;
        double bubble = (p - 1) * mean / v;
        int[] stages = null;
        int mostLayers = perStage;
        if (partition != PipelinePartition.UNIFORM && p > 1) {
            if (v != 1 || gpipe) {
                throw new IllegalArgumentException("pipeline partition " + partition.id() + ": modelled for the 1F1B"
                        + " schedule without interleaving (DeepSpeed's pipeline engine)");
            }
            stages = partition.stageLayers(model.layers(), p);
            int slowest = 0;
            double slowestSeconds = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < p; k++) {
                final double seconds = stages[k] * (perLayer + perLayerTp) + accumulate + (k == 0 ? embed : 0)
                        + (k == p - 1 ? head : 0);
                if (seconds > slowestSeconds) {
                    slowestSeconds = seconds;
                    slowest = k;
                }
                mostLayers = Math.max(mostLayers, stages[k]);
            }
            compute = m * (stages[slowest] * perLayer + accumulate + (slowest == 0 ? embed : 0)
                    + (slowest == p - 1 ? head : 0));
            tensor = m * stages[slowest] * perLayerTp;
            bubble = (p - 1) * ((model.layers() * (perLayer + perLayerTp) + head + embed) / p + accumulate);
        }
        final boolean crossesNodes = pipelineCrossesNodes(t, d, p);
        final double transfer = p == 1 ? 0
                : 2.0 * ((double) m * v + p - 1) * layer[offset + (crossesNodes ? P2P_INTER : P2P_INTRA)];
        final double dataParallel = dataParallelStep(layer, offset, in, mostLayers, rec)
                + m * in.dataParallelMicrobatchSeconds()
                + (p == 1 ? 0 : layer[offset + (crossesNodes ? EMBED_SYNC_INTER : EMBED_SYNC_INTRA)]);
        out[COMPUTE] = compute;
        out[TENSOR_PARALLEL] = tensor;
        out[BUBBLE] = bubble;
        out[PIPELINE_TRANSFERS] = transfer;
        out[DATA_PARALLEL] = dataParallel;
        final double optimizer = in.optimizerSeconds();
        out[OPTIMIZER] = optimizer;
        final double total = compute + tensor + bubble + transfer + dataParallel + optimizer;
        out[ITERATION] = total;

        final double weights = zero.shardsWeights() ? HALF * params / d + HALF * model.parametersPerLayer() / t
                : HALF * params;
        final double gradients = GRADIENT_BYTES * params / (zero.shardsGradients() ? d : 1);
        final double state = ADAM_STATE_BYTES * params / (zero.shardsOptimizerState() ? d : 1);
        final double kept = layer[offset + (full ? ACT_FULL : recompute == Recompute.SELECTIVE ? ACT_SELECTIVE
                : ACT_NONE)];
        final double inFlight = gpipe ? m : v == 1 ? Math.min(p, m) : p + (p - 1.0) / v;
        final double workspace = full ? layer[offset + ACT_NONE] : 0;
        double first = perStage * kept * inFlight + workspace + (p == 1 ? layer[offset + HEAD_ACT] : 0);
        final double lastInFlight = gpipe ? m : v == 1 ? 1 : 1 + (p - 1.0) / v;
        double last = perStage * kept * lastInFlight + workspace + layer[offset + HEAD_ACT];
        if (stages != null) {
            double most = 0;
            for (int k = 0; k < p - 1; k++) {
                most = Math.max(most, stages[k] * kept * Math.min(p - k, m));
            }
            first = most + workspace;
            last = stages[p - 1] * kept + workspace + layer[offset + HEAD_ACT];
        }
        final double activations = Math.max(first, last);
        out[MEM_WEIGHTS] = weights;
        out[MEM_GRADIENTS] = gradients;
        out[MEM_OPTIMIZER] = state;
        out[MEM_ACTIVATIONS] = activations;
        out[MEM_TOTAL] = weights + gradients + state + activations;
        return total;
    }

    /**
     * The exposed data-parallel step. Not overlapped, its collectives whole. Overlapped (Megatron-LM's
     * {@code --overlap-grad-reduce} and {@code --overlap-param-gather}): the reductions behind the iteration's last
     * backward passes ({@link #reductionLate}) and the gathers ahead of the next iteration's first forward passes
     * ({@link #gatherLate}), each pass one microbatch through one model chunk (recomputation and the exposed
     * tensor-parallel collectives included).
     */
    private double dataParallelStep(final double[] layer, final int offset, final IterationInputs in,
            final int perStage, final double rec) {
        final double n = in.dataParallelBuckets();
        if (n == 0) {
            return in.dataParallelStepSeconds();
        }
        final int v = in.interleave();
        final int p = in.pp();
        final boolean full = in.recompute() == Recompute.FULL;
        final double forward = perStage * (layer[offset + FWD] + layer[offset + TP_FWD]) / v;
        final double backward = perStage * (layer[offset + BWD] + rec + layer[offset + TP_BWD]
                + (full ? layer[offset + TP_FWD] : 0)) / v;
        final double share = dataParallelNodes(in.tp(), in.dp()) > 1 ? channelShareMultiNode : channelShareSingleNode;
        final double reduce = in.bucketReduceSeconds();
        final double gather = in.bucketGatherSeconds();
        final double reduceChunk = in.chunkReduceSeconds();
        final double gatherChunk = in.chunkGatherSeconds();
        final double reduced = exposed(reductionLate(n, reduce, reduceChunk, in.lastChunkReduceSeconds(), v, p,
                backward), n * reduce + (v - 1) * reduceChunk, share);
        return gather == 0 ? reduced : reduced + exposed(gatherLate(n, gather, gatherChunk,
                in.lastChunkGatherSeconds(), v, p, forward), n * gather + (v - 1) * gatherChunk, share);
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
        layerCosts(config.tp(), config.microBatch(), config.sequenceParallel(), layer, 0);
        final IterationInputs in = priceDataParallel(
                IterationInputs.of(config, parametersPerGpu(config.tp(), config.pp())));
        final double[] out = new double[BREAKDOWN_SLOTS];
        iteration(layer, 0, in, out);
        return new LlmEstimate(this, config, out, layer);
    }
}

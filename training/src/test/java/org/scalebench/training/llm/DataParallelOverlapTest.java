package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclModel;

/**
 * Megatron-LM's {@code --overlap-grad-reduce} and {@code --overlap-param-gather} in the 3D-parallel model
 * ({@link ExecutionPart#DP_OVERLAP}): every expected figure is worked out here from NCCL's model called directly and
 * the bucket arithmetic written out, not through {@code BucketPipeline}.
 */
class DataParallelOverlapTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    private static final GpuSpec A100_80 = GpuCatalog.resolve("a100-sxm4-80gb");
    private static final TransformerProfile MODEL = TransformerCatalog.builtIn("megatron-7.5b");
    /** NCCL's channels' share of an A100's SMs inside a node, as the tensor-parallel overlap takes it. */
    private static final double SHARE = Math.min(1.0, (double) DGX_A100.ncclFabric().channelsSingleNode()
            / A100_80.sms());

    private static LlmCostModel cost(final boolean overlap) {
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022, true);
        return new LlmCostModel(MODEL, DGX_A100, A100_80, null,
                overlap ? v2022.with(EnumSet.of(ExecutionPart.DP_OVERLAP)) : v2022, HalfFormat.BF16);
    }

    /** Eight GPUs of one node: tensor-parallel pairs, four data-parallel ranks, so NCCL runs on the node alone. */
    private static ParallelConfig oneNode(final ZeroStage zero) {
        return new ParallelConfig(8, 2, 1, 4, 32, 1, 1, Schedule.ONE_F_ONE_B, Recompute.SELECTIVE, true, zero,
                HalfFormat.BF16);
    }

    private static double lateBy(final double n, final double c, final double d) {
        double late = 0;
        for (int k = 1; k <= n; k++) {
            late = Math.max(late, k * c - (k - 1) * d);
        }
        return late;
    }

    @Test
    void theReductionHidesBehindTheLastBackwardPassBucketByBucket() {
        final LlmEstimate off = cost(false).evaluate(oneNode(ZeroStage.NONE));
        final LlmEstimate on = cost(true).evaluate(oneNode(ZeroStage.NONE));
        final double params = cost(true).parametersPerGpu(2, 1);
        final NcclModel nccl = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()), DGX_A100.ncclFabric());
        // exposed: one all-reduce of every FP32 gradient after the flush
        assertEquals(nccl.fastestSeconds(Collective.ALL_REDUCE, (long) Math.ceil(4 * params), 4, 1),
                off.part(LlmCostModel.DATA_PARALLEL), 1e-15);
        // overlapped: ceil(P / 40 M) equal buckets, each its own all-reduce, behind one microbatch's backward pass
        final double n = Math.ceil(params / 40e6);
        assertEquals(94, n, "about 3.73 G parameters per GPU");
        final double c = nccl.fastestSeconds(Collective.ALL_REDUCE, (long) Math.ceil(4 * params / n), 4, 1);
        final double backward = MODEL.layers() * on.layerBackwardSeconds();
        final double late = lateBy(n, c, backward / n);
        assertEquals(late + SHARE * (n * c - late), on.part(LlmCostModel.DATA_PARALLEL), 1e-12);
        assertTrue(on.part(LlmCostModel.DATA_PARALLEL) < 0.5 * off.part(LlmCostModel.DATA_PARALLEL),
                on.part(LlmCostModel.DATA_PARALLEL) + " of " + off.part(LlmCostModel.DATA_PARALLEL));
        for (final int slot : new int[] {LlmCostModel.COMPUTE, LlmCostModel.TENSOR_PARALLEL, LlmCostModel.OPTIMIZER,
            LlmCostModel.MEM_TOTAL}) {
            assertEquals(off.part(slot), on.part(slot), 0, "only the data-parallel part moves: slot " + slot);
        }
    }

    @Test
    void aShardedOptimizerAlsoGathersItsBucketsAheadOfTheNextForwardPass() {
        final LlmEstimate on = cost(true).evaluate(oneNode(ZeroStage.OPTIMIZER_STATE));
        final double params = cost(true).parametersPerGpu(2, 1);
        final NcclModel nccl = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()), DGX_A100.ncclFabric());
        final double n = Math.ceil(params / 40e6);
        final double reduce = nccl.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * params / n), 4, 1);
        final double gather = nccl.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * params / n), 4, 1);
        final double backward = MODEL.layers() * on.layerBackwardSeconds();
        final double forward = MODEL.layers() * on.layerForwardSeconds();
        final double lateReduce = lateBy(n, reduce, backward / n);
        final double lateGather = lateBy(n, gather, forward / n);
        assertEquals(lateReduce + SHARE * (n * reduce - lateReduce) + lateGather + SHARE * (n * gather - lateGather),
                on.part(LlmCostModel.DATA_PARALLEL), 1e-12);
        final LlmEstimate off = cost(false).evaluate(oneNode(ZeroStage.OPTIMIZER_STATE));
        assertEquals(nccl.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * params), 4, 1)
                + nccl.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * params), 4, 1),
                off.part(LlmCostModel.DATA_PARALLEL), 1e-15);
    }

    @Test
    void acrossNodesTheBucketsOutlastTheirShareOfThePassesAndTheRestIsExposed() {
        // GPT-3 175B on 1,536 GPUs, tp 8 x pp 8 x dp 24: each data-parallel group crosses 24 nodes, whose networks
        // the node's eight groups share; a bucket's collective is longer than its share of either pass
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022, true);
        final org.scalebench.training.collective.NcclFabric f = DGX_A100.ncclFabric();
        final NcclModel shared = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()),
                new org.scalebench.training.collective.NcclFabric(f.architecture(), f.nvlink(), f.channelsSingleNode(),
                        f.channelsMultiNode(), f.bwIntraPerChannel() / 8, f.bwInterPerChannel() / 8));
        final double share = Math.min(1.0, (double) f.channelsMultiNode() / A100_80.sms());
        for (final Recompute r : new Recompute[] {Recompute.SELECTIVE, Recompute.FULL}) {
            final ParallelConfig c = new ParallelConfig(1536, 8, 8, 24, 1536, 1, 1, Schedule.ONE_F_ONE_B, r, true,
                    ZeroStage.OPTIMIZER_STATE, HalfFormat.BF16);
            final LlmCostModel offCost = new LlmCostModel(gpt3, DGX_A100, A100_80, null, v2022, HalfFormat.BF16);
            final LlmCostModel onCost = new LlmCostModel(gpt3, DGX_A100, A100_80, null,
                    v2022.with(EnumSet.of(ExecutionPart.DP_OVERLAP)), HalfFormat.BF16);
            final LlmEstimate off = offCost.evaluate(c);
            final LlmEstimate on = onCost.evaluate(c);
            final double params = onCost.parametersPerGpu(8, 8);
            final double whole = shared.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * params), 24, 24)
                    + shared.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * params), 24, 24);
            final double embeddingSync = off.part(LlmCostModel.DATA_PARALLEL) - whole;
            assertTrue(embeddingSync > 0, "the first and last stage all-reduce the embedding's gradients");
            final double n = Math.ceil(params / 40e6);
            final double reduce = shared.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * params / n), 24,
                    24);
            final double gather = shared.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * params / n), 24,
                    24);
            final double backward = gpt3.layers() / 8 * on.layerBackwardSeconds();
            final double forward = gpt3.layers() / 8 * on.layerForwardSeconds();
            assertTrue(reduce > backward / n && gather > forward / n, r + ": the passes are too short to hide them");
            final double lateReduce = lateBy(n, reduce, backward / n);
            final double lateGather = lateBy(n, gather, forward / n);
            assertTrue(lateReduce > reduce && lateGather > gather, r + ": the passes' lengths matter");
            assertEquals(lateReduce + share * (n * reduce - lateReduce) + lateGather + share * (n * gather - lateGather)
                    + embeddingSync, on.part(LlmCostModel.DATA_PARALLEL), 1e-12);
        }
    }

    /** The reductions of one stage as a plain event chain: each collective starts when ready and the last is done. */
    private static double chain(final double[] ready, final double[] seconds) {
        double finish = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ready.length; i++) {
            finish = Math.max(ready[i], finish) + seconds[i];
        }
        return finish;
    }

    /**
     * The plain reference of {@link LlmCostModel#reductionLate}: every stage's chain written out event by event, stage
     * {@code k} ready {@code k} passes earlier, the last stage's last chunk holding the output layer.
     */
    private static double reductionReference(final int n, final double bucket, final double chunk, final double last,
            final int v, final int p, final double t) {
        final double[] ready = new double[v - 1 + n];
        final double[] seconds = new double[v - 1 + n];
        int k = 0;
        for (int j = v - 1; j >= 1; j--, k++) {
            ready[k] = -j * p * t;
            seconds[k] = chunk;
        }
        for (int i = 1; i <= n; i++, k++) {
            ready[k] = -t + i * t / n;
            seconds[k] = bucket;
        }
        double late = chain(ready, seconds);
        for (int stage = 1; stage < p; stage++) {
            final double[] readyK = new double[v];
            final double[] whole = new double[v];
            for (int j = v - 1, m = 0; j >= 0; j--, m++) {
                readyK[m] = -stage * t - j * p * t;
                whole[m] = stage == p - 1 && j == v - 1 ? last : chunk;
            }
            late = Math.max(late, chain(readyK, whole));
        }
        return late;
    }

    /** The plain reference of {@link LlmCostModel#gatherLate}: every stage's gathers back to back from 0. */
    private static double gatherReference(final int n, final double bucket, final double chunk, final double last,
            final int v, final int p, final double t) {
        double late = Double.NEGATIVE_INFINITY;
        double done = 0;
        for (int i = 1; i <= n; i++) {
            done += bucket;
            late = Math.max(late, done - (i - 1) * t / n);
        }
        for (int j = 1; j < v; j++) {
            done += chunk;
            late = Math.max(late, done - j * p * t);
        }
        for (int stage = 1; stage < p; stage++) {
            double doneK = 0;
            for (int j = 0; j < v; j++) {
                doneK += stage == p - 1 && j == v - 1 ? last : chunk;
                late = Math.max(late, doneK - (stage * t + j * p * t));
            }
        }
        return late;
    }

    @Test
    void theChainsOfChunksAndBucketsAgreeWithTheirPlainReferencesAndWorkedCases() {
        // worked by hand (t = 1): chunks 2 and 1 of the first stage ready at -4 and -2, its 2 buckets at -0.5 and 0
        assertEquals(2, LlmCostModel.reductionLate(2, 1, 2, 2, 3, 2, 1), 1e-12);
        // the second stage decides when its whole first chunk outlasts the first stage's buckets
        assertEquals(1, LlmCostModel.reductionLate(2, 0.5, 2, 2, 1, 2, 1), 1e-12);
        assertEquals(0.5, LlmCostModel.reductionLate(2, 0.5, 2, 2, 1, 1, 1), 1e-12);
        // ... and more so when it is the last stage, whose chunk also holds the output layer: ready at -1, 3 long
        assertEquals(2, LlmCostModel.reductionLate(2, 0.5, 2, 3, 1, 2, 1), 1e-12);
        // three stages: the middle one's chunk ends at -1 + 2 = 1, the last stage's at -2 + 4 = 2
        assertEquals(2, LlmCostModel.reductionLate(2, 0.5, 2, 4, 1, 3, 1), 1e-12);
        assertEquals(1, LlmCostModel.reductionLate(2, 0.5, 2, 2.5, 1, 3, 1), 1e-12);
        // gathers: buckets done at 1, 2; chunks at 4.5 and 7, needed at 2 and 4
        assertEquals(3, LlmCostModel.gatherLate(2, 1, 2.5, 2.5, 3, 2, 1), 1e-12);
        // the last of three stages starts 2 passes late; its one chunk of 4.5 is done at 4.5
        assertEquals(2.5, LlmCostModel.gatherLate(2, 0.5, 2, 4.5, 1, 3, 1), 1e-12);
        final java.util.Random random = new java.util.Random(20261207);
        for (int trial = 0; trial < 2000; trial++) {
            final int n = 1 + random.nextInt(40);
            final int v = 1 + random.nextInt(8);
            final int p = 1 + random.nextInt(16);
            final double bucket = random.nextDouble() * 0.1;
            final double chunk = random.nextDouble() * 2;
            final double last = chunk + random.nextDouble();
            final double t = random.nextDouble();
            final String what = "n " + n + " v " + v + " p " + p + " bucket " + bucket + " chunk " + chunk + " last "
                    + last + " t " + t;
            assertEquals(reductionReference(n, bucket, chunk, last, v, p, t), LlmCostModel.reductionLate(n, bucket,
                    chunk, last, v, p, t), 1e-9, what);
            assertEquals(gatherReference(n, bucket, chunk, last, v, p, t), LlmCostModel.gatherLate(n, bucket, chunk,
                    last, v, p, t), 1e-9, what);
            // one chunk on one stage: the projector's closed form
            assertEquals(org.scalebench.training.collective.BucketPipeline.lateBy(n, bucket, 0, t / n),
                    LlmCostModel.reductionLate(n, bucket, chunk, last, 1, 1, t), 1e-9, what);
            assertEquals(org.scalebench.training.collective.BucketPipeline.lateBy(n, bucket, 0, t / n),
                    LlmCostModel.gatherLate(n, bucket, chunk, last, 1, 1, t), 1e-9, what);
        }
    }

    @Test
    void interleavedChunksReduceDuringThePipelinesLastRoundsAndGatherDuringItsFirst() {
        // GPT-3 175B on 1,536 GPUs, tp 8 x pp 8 x dp 24, 8 microbatches through 3 chunks per GPU: chunks 2 and 1 get
        // their last gradients 16 and 8 chunk passes before the end, and are reduced meanwhile
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022, true);
        final LlmCostModel onCost = new LlmCostModel(gpt3, DGX_A100, A100_80, null,
                v2022.with(EnumSet.of(ExecutionPart.DP_OVERLAP)), HalfFormat.BF16);
        final org.scalebench.training.collective.NcclFabric f = DGX_A100.ncclFabric();
        final NcclModel shared = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()),
                new org.scalebench.training.collective.NcclFabric(f.architecture(), f.nvlink(), f.channelsSingleNode(),
                        f.channelsMultiNode(), f.bwIntraPerChannel() / 8, f.bwInterPerChannel() / 8));
        final double share = Math.min(1.0, (double) f.channelsMultiNode() / A100_80.sms());
        final ParallelConfig interleaved = new ParallelConfig(1536, 8, 8, 24, 192, 1, 3, Schedule.INTERLEAVED,
                Recompute.SELECTIVE, true, ZeroStage.OPTIMIZER_STATE, HalfFormat.BF16);
        final ParallelConfig plain = new ParallelConfig(1536, 8, 8, 24, 192, 1, 1, Schedule.ONE_F_ONE_B,
                Recompute.SELECTIVE, true, ZeroStage.OPTIMIZER_STATE, HalfFormat.BF16);
        final LlmEstimate on = onCost.evaluate(interleaved);
        final LlmEstimate off = new LlmCostModel(gpt3, DGX_A100, A100_80, null, v2022, HalfFormat.BF16)
                .evaluate(interleaved);
        final double params = onCost.parametersPerGpu(8, 8);
        final double embeddingSync = off.part(LlmCostModel.DATA_PARALLEL)
                - shared.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * params), 24, 24)
                - shared.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * params), 24, 24);
        // the first stage's first chunk holds the input embedding (51,200 x 12,288 / 8 + 2,048 x 12,288), the last
        // stage's last chunk the output layer (the tied embedding's copy, 51,200 x 12,288 / 8)
        final double vocabulary = 51_200.0 * 12_288 / 8;
        final double input = vocabulary + 2_048.0 * 12_288;
        final double chunk = (params - input) / 3;
        assertEquals(4.0 * gpt3.parametersPerLayer() / 8, chunk, 1e-6 * chunk, "a chunk: 4 layers' share of a GPU");
        final double first = chunk + input;
        final int n = (int) Math.ceil(first / 40e6);
        final double reduceBucket = shared.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * first / n),
                24, 24);
        final double gatherBucket = shared.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * first / n), 24,
                24);
        final double reduceChunk = shared.fastestSeconds(Collective.REDUCE_SCATTER, (long) Math.ceil(4 * chunk), 24,
                24);
        final double gatherChunk = shared.fastestSeconds(Collective.ALL_GATHER, (long) Math.ceil(2 * chunk), 24, 24);
        final double reduceLast = shared.fastestSeconds(Collective.REDUCE_SCATTER,
                (long) Math.ceil(4 * (chunk + vocabulary)), 24, 24);
        final double gatherLast = shared.fastestSeconds(Collective.ALL_GATHER,
                (long) Math.ceil(2 * (chunk + vocabulary)), 24, 24);
        final double backward = gpt3.layers() / 8 * on.layerBackwardSeconds() / 3;
        final double forward = gpt3.layers() / 8 * on.layerForwardSeconds() / 3;
        final double lateReduce = reductionReference(n, reduceBucket, reduceChunk, reduceLast, 3, 8, backward);
        final double lateGather = gatherReference(n, gatherBucket, gatherChunk, gatherLast, 3, 8, forward);
        final double totalReduce = n * reduceBucket + 2 * reduceChunk;
        final double totalGather = n * gatherBucket + 2 * gatherChunk;
        assertTrue(lateReduce < totalReduce - reduceChunk, "the later chunks hide behind the last rounds");
        assertEquals(lateReduce + share * (totalReduce - lateReduce) + lateGather + share * (totalGather - lateGather)
                + embeddingSync, on.part(LlmCostModel.DATA_PARALLEL), 1e-12);
        final LlmEstimate onPlain = onCost.evaluate(plain);
        assertTrue(on.part(LlmCostModel.DATA_PARALLEL) < onPlain.part(LlmCostModel.DATA_PARALLEL), "interleaving "
                + "gives the reductions the pipeline's last rounds: " + on.part(LlmCostModel.DATA_PARALLEL) + " against "
                + onPlain.part(LlmCostModel.DATA_PARALLEL));
    }

    @Test
    void oneBucketOneRankAndZeroThreeAreNotOverlapped() {
        // ZeRO-3's gathers and reduce-scatters run per microbatch, in neither flag's reach
        assertEquals(cost(false).evaluate(oneNode(ZeroStage.WEIGHTS)).part(LlmCostModel.DATA_PARALLEL),
                cost(true).evaluate(oneNode(ZeroStage.WEIGHTS)).part(LlmCostModel.DATA_PARALLEL), 0);
        // one data-parallel rank: nothing to reduce
        final ParallelConfig alone = new ParallelConfig(8, 8, 1, 1, 8, 1, 1, Schedule.ONE_F_ONE_B, Recompute.SELECTIVE,
                true, ZeroStage.NONE, HalfFormat.BF16);
        assertEquals(0, cost(true).evaluate(alone).part(LlmCostModel.DATA_PARALLEL), 0);
        // a model smaller than one bucket: its one all-reduce waits for the whole backward pass, as without overlap
        final TransformerProfile small = new TransformerProfile("small", 4, 512, 8, 8, 2048, false, 2048, 32000,
                Map.of());
        final ParallelConfig pairs = new ParallelConfig(8, 1, 1, 8, 8, 1, 1, Schedule.ONE_F_ONE_B, Recompute.NONE,
                false, ZeroStage.NONE, HalfFormat.BF16);
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022, true);
        final LlmCostModel offSmall = new LlmCostModel(small, DGX_A100, A100_80, null, v2022, HalfFormat.BF16);
        final LlmCostModel onSmall = new LlmCostModel(small, DGX_A100, A100_80, null,
                v2022.with(EnumSet.of(ExecutionPart.DP_OVERLAP)), HalfFormat.BF16);
        assertTrue(onSmall.parametersPerGpu(1, 1) < 40e6);
        assertTrue(offSmall.evaluate(pairs).part(LlmCostModel.DATA_PARALLEL) > 0);
        assertEquals(offSmall.evaluate(pairs).part(LlmCostModel.DATA_PARALLEL),
                onSmall.evaluate(pairs).part(LlmCostModel.DATA_PARALLEL), 0);
    }

    @Test
    void bucketsGrowWithTheDataParallelGroupAndTheSearchPricesThemAsEvaluateDoes() {
        // 1,536 GPUs of GPT-3 175B: d = 24, buckets of max(40 M, 24 M) = 40 M parameters; at d = 96, 96 M
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        final Execution on = Execution.megatron(Execution.MEGATRON_2022, true).with(EnumSet.of(ExecutionPart.DP_OVERLAP));
        final LlmCostModel cost = new LlmCostModel(gpt3, DGX_A100, A100_80, null, on, HalfFormat.BF16);
        final double params = cost.parametersPerGpu(8, 8);
        final IterationInputs small = cost.priceDataParallel(new IterationInputs().placement(8, 8, 24, params)
                .zero(ZeroStage.NONE));
        assertEquals(Math.ceil(params / 40e6), small.dataParallelBuckets(), 0);
        final IterationInputs large = cost.priceDataParallel(new IterationInputs().placement(8, 8, 96, params)
                .zero(ZeroStage.NONE));
        assertEquals(Math.ceil(params / 96e6), large.dataParallelBuckets(), 0);

        final LlmSearch search = new LlmSearch(cost, LlmSearch.Space.ALL);
        final LlmSearch.Result best = new LlmSearch.Result();
        assertTrue(search.search(1536, 1536, best));
        final ParallelConfig chosen = best.toConfig(1536, 1536, HalfFormat.BF16);
        assertEquals(cost.evaluate(chosen).iterationSeconds(), best.iterationSeconds(), 1e-12 * best.iterationSeconds());
        final LlmSearch.Result exposed = new LlmSearch.Result();
        new LlmSearch(new LlmCostModel(gpt3, DGX_A100, A100_80, null, Execution.megatron(Execution.MEGATRON_2022,
                true), HalfFormat.BF16), LlmSearch.Space.ALL).search(1536, 1536, exposed);
        assertTrue(best.iterationSeconds() <= exposed.iterationSeconds(), best.iterationSeconds() + " against "
                + exposed.iterationSeconds());
    }
}

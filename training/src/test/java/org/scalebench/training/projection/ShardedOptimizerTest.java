package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;

/**
 * A sharded optimizer's exchange and update, each worked out from NCCL's model called directly: on a DGX A100 (8
 * GPUs behind NVSwitches, one NIC per GPU) the gradient of {@code n} bytes is reduce-scattered and the parameters
 * all-gathered among the {@code W} workers ({@code sharded}), or reduce-scattered and all-gathered among a node's 8
 * GPUs with each GPU's eighth all-reduced across the nodes on its own NIC ({@code sharded-in-node}); the all-gather
 * is exposed; the optimizer updates {@code 1/g} of the parameters.
 */
class ShardedOptimizerTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    private static final long N = 400_000_000L;
    private static final NcclModel NCCL = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()),
            DGX_A100.ncclFabric(DGX_A100.ncclGeneration()), Set.of());

    private static GradientExchange exchange(final OptimizerSharding sharding, final long bucket) {
        final double[][][][] ring = new double[3][1][1][];
        ring[GradientExchange.DENSE][0][0] = new double[] {1.0};
        ring[GradientExchange.GATHER][0][0] = new double[] {0.0};
        ring[GradientExchange.TABLE][0][0] = new double[] {0.0};
        return new GradientExchange(DGX_A100, ProjectionOptions.DEFAULTS.withOverlap(1.0).withBucketBytes(bucket)
                .withOptimizerSharding(sharding), new int[] {1}, ring);
    }

    private static double nccl(final Collective c, final long bytes, final int ranks, final int nodes,
            final double share) {
        return NCCL.fastestSeconds(c, bytes, ranks, nodes, share);
    }

    @Test
    void replicatedIsOneAllReduceAndNoGather() {
        final GradientExchange x = exchange(OptimizerSharding.REPLICATED, 0);
        assertEquals(nccl(Collective.ALL_REDUCE, N, 32, 4, 1.0), x.seconds(32, 0, 0, N, 0, 0), 1e-12);
        assertEquals(0.0, x.parameterGatherSeconds(32, 0, 0, N), 0);
    }

    @Test
    void shardedOverTheWorkersReduceScattersAndGathersAmongAllOfThem() {
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, 0);
        // 32 workers on 4 nodes: each GPU's ring has the whole node's network (data parallelism)
        final double rs = nccl(Collective.REDUCE_SCATTER, N, 32, 4, 1.0);
        final double ag = nccl(Collective.ALL_GATHER, N, 32, 4, 1.0);
        assertEquals(ag, x.parameterGatherSeconds(32, 0, 0, N), 1e-12);
        assertEquals(rs + ag, x.seconds(32, 0, 0, N, 0, 0), 1e-12);
        final double[] total = new double[1];
        assertEquals(rs + ag, x.exposedSeconds(32, 0, 0, N, 0, 0, 10.0, 5.0, total), 1e-12, "one message, after the pass");
        assertEquals(rs + ag, total[0], 1e-12);
        // inside one node
        assertEquals(nccl(Collective.REDUCE_SCATTER, N, 4, 1, 1.0) + nccl(Collective.ALL_GATHER, N, 4, 1, 1.0),
                x.seconds(4, 0, 0, N, 0, 0), 1e-12);
        assertEquals(0.0, x.seconds(1, 0, 0, N, 0, 0), 0);
        assertEquals(0.0, x.parameterGatherSeconds(1, 0, 0, N), 0);
    }

    @Test
    void shardedInTheNodeAllReducesEachGpusShareAcrossNodesOnItsOwnNic() {
        final GradientExchange x = exchange(OptimizerSharding.NODE, 0);
        // 8 GPUs a node, 8 rails: each of the 8 concurrent inter-node rings gets an eighth of the node's network
        final double rs = nccl(Collective.REDUCE_SCATTER, N, 8, 1, 1.0);
        final double ar = nccl(Collective.ALL_REDUCE, N / 8, 4, 4, 1.0 / 8);
        final double ag = nccl(Collective.ALL_GATHER, N, 8, 1, 1.0);
        assertEquals(ag, x.parameterGatherSeconds(32, 0, 0, N), 1e-12);
        assertEquals(rs + ar + ag, x.seconds(32, 0, 0, N, 0, 0), 1e-12);
        assertTrue(ar > 0 && rs > 0 && ag > 0);
        // one node: the group is the node's 4 workers, nothing crosses nodes, the same as sharding over the workers
        assertEquals(exchange(OptimizerSharding.WORKERS, 0).seconds(4, 0, 0, N, 0, 0), x.seconds(4, 0, 0, N, 0, 0),
                1e-12);
    }

    @Test
    void bucketsOverlapTheReductionsWithTheBackwardPassButNotTheGather() {
        final long bucket = N / 4;
        final GradientExchange x = exchange(OptimizerSharding.NODE, bucket);
        final double perBucket = nccl(Collective.REDUCE_SCATTER, bucket, 8, 1, 1.0)
                + nccl(Collective.ALL_REDUCE, bucket / 8, 4, 4, 1.0 / 8);
        // the parameters are gathered in the same four buckets, one after the other
        final double ag = 4 * nccl(Collective.ALL_GATHER, bucket, 8, 1, 1.0);
        // a backward pass long enough that each bucket's reduction ends before the next bucket is full: only the
        // last bucket's reduction runs past it, then the gathers
        final double backward = 100 * perBucket;
        final double[] total = new double[1];
        assertEquals(perBucket + ag, x.exposedSeconds(32, 0, 0, N, 0, 0, backward, backward / 2, total), 1e-9);
        assertEquals(4 * perBucket + ag, total[0], 1e-9);
        assertEquals(4 * perBucket + ag, x.seconds(32, 0, 0, N, 0, 0), 1e-9);
    }

    @Test
    void theOptimizerUpdatesItsShareOfTheParameters() {
        final ModelProfile gnmt = ModelCatalog.resolve("gnmt");
        assertTrue(gnmt.optimizerSeconds() > 0);
        final int[] devices = {8, 64};
        final double[][] compute = new double[3][2];
        int s = 0;
        for (final OptimizerSharding sharding : OptimizerSharding.values()) {
            final Projector p = new Projector(gnmt, DGX_A100, ProjectionOptions.DEFAULTS.withFixedBatch(16)
                    .withOptimizerSharding(sharding), new int[] {1});
            final ProjectionTable t = p.newTable(devices.length);
            p.project(devices, t);
            for (int r = 0; r < devices.length; r++) {
                compute[s][r] = t.computeSeconds(r, 0);
            }
            s++;
        }
        final double opt = gnmt.optimizerSeconds();
        for (int r = 0; r < devices.length; r++) {
            // over the workers: 1/N of it; in the node: 1/8
            assertEquals(opt * (1 - 1.0 / devices[r]), compute[0][r] - compute[1][r], 1e-12, "sharded, N " + devices[r]);
            assertEquals(opt * (1 - 1.0 / 8), compute[0][r] - compute[2][r], 1e-12, "sharded-in-node, N " + devices[r]);
        }
    }

    @Test
    void aShardedOptimizerIsPricedWithNcclOnlyAndTheNamesParse() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProjectionOptions.DEFAULTS.withCommunication(CommunicationModel.RING)
                        .withOptimizerSharding(OptimizerSharding.WORKERS));
        assertTrue(e.getMessage().contains("optimizer = sharded") && e.getMessage().contains("nccl"), e.getMessage());
        assertEquals(OptimizerSharding.NODE, OptimizerSharding.parse("sharded-in-node"));
        assertThrows(IllegalArgumentException.class, () -> OptimizerSharding.parse("zero3"));
        assertEquals(1, OptimizerSharding.REPLICATED.groupSize(64, 8));
        assertEquals(64, OptimizerSharding.WORKERS.groupSize(64, 8));
        assertEquals(8, OptimizerSharding.NODE.groupSize(64, 8));
        assertEquals(3, OptimizerSharding.NODE.groupSize(3, 8));
    }

    @Test
    void aHybridWorkerShardsAmongTheWorkersOfItsNode() {
        // M = 2 on DGX A100: 4 workers a node, 32 workers on 8 nodes; each of the node's 8 GPUs all-reduces its
        // quarter of its shard across the 8 nodes
        final double[][][][] ring = new double[3][2][1][];
        ring[GradientExchange.DENSE][0][0] = new double[] {1.0};
        ring[GradientExchange.DENSE][1][0] = new double[] {0.5, 0.5};
        for (final int phase : new int[] {GradientExchange.GATHER, GradientExchange.TABLE}) {
            ring[phase][0][0] = new double[] {0.0};
            ring[phase][1][0] = new double[] {0.0, 0.0};
        }
        final GradientExchange x = new GradientExchange(DGX_A100, ProjectionOptions.DEFAULTS
                .withOptimizerSharding(OptimizerSharding.NODE), new int[] {1, 2}, ring);
        final long n = N / 2;
        final double ag = nccl(Collective.ALL_GATHER, n, 4, 1, 1.0);
        assertEquals(ag, x.parameterGatherSeconds(32, 1, 0, n), 1e-12);
        assertEquals(nccl(Collective.REDUCE_SCATTER, n, 4, 1, 1.0) + nccl(Collective.ALL_REDUCE, n / 4, 8, 8, 1.0 / 8)
                + ag, x.seconds(32, 1, 0, n, 0, 0), 1e-12);
        // sharded over all 32 workers: GPU j of every worker on one ring of 32 ranks over the 8 nodes
        final GradientExchange all = new GradientExchange(DGX_A100, ProjectionOptions.DEFAULTS
                .withOptimizerSharding(OptimizerSharding.WORKERS), new int[] {1, 2}, ring);
        final double share = all.nicShare(GradientExchange.DENSE, 1, 0);
        assertEquals(nccl(Collective.ALL_GATHER, n, 32, 8, share), all.parameterGatherSeconds(32, 1, 0, n), 1e-12);
    }

    @Test
    void oneNodeShardedOverItsWorkersIsPricedOnTheNodesOwnRings() {
        // on DGX-1's cube-mesh a four-GPU group gets the rings its NVLinks make: the same model whichever sharding
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final double[][][][] ring = new double[3][1][1][];
        ring[GradientExchange.DENSE][0][0] = new double[] {1.0};
        ring[GradientExchange.GATHER][0][0] = new double[] {0.0};
        ring[GradientExchange.TABLE][0][0] = new double[] {0.0};
        final double workers = new GradientExchange(dgx1, ProjectionOptions.DEFAULTS.withOptimizerSharding(
                OptimizerSharding.WORKERS), new int[] {1}, ring).parameterGatherSeconds(4, 0, 0, N);
        final double node = new GradientExchange(dgx1, ProjectionOptions.DEFAULTS.withOptimizerSharding(
                OptimizerSharding.NODE), new int[] {1}, ring).parameterGatherSeconds(4, 0, 0, N);
        assertEquals(node, workers, 1e-12);
        final NcclModel dgx1Nccl = new NcclModel(NcclConstants.of(dgx1.ncclGeneration()),
                dgx1.ncclFabric(dgx1.ncclGeneration()), Set.of());
        assertTrue(Math.abs(workers - dgx1Nccl.fastestSeconds(Collective.ALL_GATHER, N, 4, 1)) > 1e-6,
                "not the whole node's channels");
    }

    @Test
    void theDataParallelStepOfTheCorpusUpdatesItsShare() {
        final ModelProfile gnmt = ModelCatalog.resolve("gnmt");
        final Projector p = new Projector(gnmt, DGX_A100, ProjectionOptions.DEFAULTS.withFixedBatch(16)
                .withOptimizerSharding(OptimizerSharding.WORKERS), new int[] {1});
        final double with = p.dataParallelStepSeconds(64, 0.1, 0.032, 0.0, 0.0);
        final double without = p.dataParallelStepSeconds(64, 0.1, 0.0, 0.0, 0.0);
        assertEquals(0.032 / 64, with - without, 1e-12);
        final Projector node = new Projector(gnmt, DGX_A100, ProjectionOptions.DEFAULTS.withFixedBatch(16)
                .withOptimizerSharding(OptimizerSharding.NODE), new int[] {1, 2});
        final ProjectionTable t = node.newTable(1);
        node.project(new int[] {64}, t);
        final Projector replicated = new Projector(gnmt, DGX_A100, ProjectionOptions.DEFAULTS.withFixedBatch(16),
                new int[] {1, 2});
        final ProjectionTable r = replicated.newTable(1);
        replicated.project(new int[] {64}, r);
        // M = 2: 32 workers, 4 a node; the update of the largest shard split four ways
        assertEquals(gnmt.optimizerSeconds() * t.shardFraction(0, 1) * (1 - 1.0 / 4),
                r.computeSeconds(0, 1) - t.computeSeconds(0, 1), 1e-12);
    }

    @Test
    void withoutTheTimelineTheParameterGatherCannotHide() {
        assertEquals(3.0, Projector.exposedWithoutTimeline(10, 3, 3, 1.0, 100), 1e-12);
        assertEquals(6.5, Projector.exposedWithoutTimeline(10, 3, 3, 0.5, 100), 1e-12);
        assertEquals(8.0, Projector.exposedWithoutTimeline(10, 3, 3, 1.0, 2), 1e-12);
        assertEquals(10.0, Projector.exposedWithoutTimeline(10, 0, 0, 0.0, 100), 1e-12);
    }
}

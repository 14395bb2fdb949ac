package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
 * A sharded optimizer's parameter all-gather overlapped with the next forward pass: gathered in buckets one after the
 * other, the forward pass waiting at bucket {@code i} until it is gathered. Each expected figure is worked out from
 * NCCL's model called directly, on a DGX A100 (8 GPUs behind NVSwitches, one NIC per GPU), 32 workers on 4 nodes.
 */
class OverlappedParameterGatherTest {

    private static final Cluster DGX_A100 = ClusterCatalog.builtIn("dgx-a100");
    private static final long N = 400_000_000L;
    private static final NcclModel NCCL = new NcclModel(NcclConstants.of(DGX_A100.ncclGeneration()),
            DGX_A100.ncclFabric(DGX_A100.ncclGeneration()), Set.of());

    private static GradientExchange exchange(final OptimizerSharding sharding, final long bucket,
            final boolean overlapped) {
        final double[][][][] ring = new double[3][1][1][];
        ring[GradientExchange.DENSE][0][0] = new double[] {1.0};
        ring[GradientExchange.GATHER][0][0] = new double[] {0.0};
        ring[GradientExchange.TABLE][0][0] = new double[] {0.0};
        return new GradientExchange(DGX_A100, ProjectionOptions.DEFAULTS.withOverlap(1.0).withBucketBytes(bucket)
                .withOptimizerSharding(sharding).withParameterGatherOverlapped(overlapped), new int[] {1}, ring);
    }

    /** One all-gather of {@code bytes} among the 32 workers on 4 nodes, each GPU's ring on the node's network. */
    private static double gather32(final long bytes) {
        return NCCL.fastestSeconds(Collective.ALL_GATHER, bytes, 32, 4, 1.0);
    }

    @Test
    void withoutBucketsTheForwardPassWaitsForTheWholeGather() {
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, 0, true);
        assertEquals(gather32(N), x.exposedParameterGatherSeconds(32, 0, 0, N, 100.0), 1e-12);
        // a gradient no larger than one bucket is one gather too
        final GradientExchange one = exchange(OptimizerSharding.WORKERS, N, true);
        assertEquals(gather32(N), one.exposedParameterGatherSeconds(32, 0, 0, N, 100.0), 1e-12);
    }

    @Test
    void notOverlappedTheBucketsGatheredBackToBackAreExposed() {
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, N / 4, false);
        assertEquals(4 * gather32(N / 4), x.parameterGatherSeconds(32, 0, 0, N), 1e-12);
        assertEquals(4 * gather32(N / 4), x.exposedParameterGatherSeconds(32, 0, 0, N, 100.0), 1e-12);
        // each bucket pays the collective's latency: more than one gather of the whole
        assertTrue(4 * gather32(N / 4) > gather32(N));
    }

    @Test
    void aLongForwardPassWaitsForTheFirstBucketOnly() {
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, N / 4, true);
        final double c = gather32(N / 4);
        // each bucket's quarter of the forward pass (25 c) outlasts the next bucket's gather
        assertEquals(c, x.exposedParameterGatherSeconds(32, 0, 0, N, 100 * c), 1e-12);
    }

    @Test
    void aShortForwardPassWaitsForTheGathersItOutruns() {
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, N / 4, true);
        final double c = gather32(N / 4);
        // a bucket's share of the pass is c / 2: the fourth bucket is gathered at 4c and needed at 3 x c / 2, after
        // which its layers take c / 2 more: the pass ends at 4.5c instead of 2c
        assertEquals(4 * c - 3 * (c / 2), x.exposedParameterGatherSeconds(32, 0, 0, N, 4 * (c / 2)), 1e-12);
        // no forward compute at all: the four gathers back to back
        assertEquals(4 * c, x.exposedParameterGatherSeconds(32, 0, 0, N, 0.0), 1e-12);
    }

    @Test
    void aPartialLastBucketIsGatheredLast() {
        final long bucket = 3 * N / 10;
        final GradientExchange x = exchange(OptimizerSharding.WORKERS, bucket, true);
        final double c = gather32(bucket);
        final double r = gather32(N - 3 * bucket);
        assertEquals(3 * c + r, x.exposedParameterGatherSeconds(32, 0, 0, N, 0.0), 1e-12);
        assertEquals(3 * c + r, x.parameterGatherSeconds(32, 0, 0, N), 1e-12);
        assertEquals(3 * c + r, exchange(OptimizerSharding.WORKERS, bucket, false)
                .exposedParameterGatherSeconds(32, 0, 0, N, 100 * c), 1e-12);
        assertEquals(c, x.exposedParameterGatherSeconds(32, 0, 0, N, 100 * c), 1e-12);
        // a pass whose buckets take exactly one gather each: late by c until the partial bucket, which it then waits
        // for only if r is longer than its own head start
        final double d = c;
        final double forward = d * N / bucket;
        assertEquals(Math.max(c, 3 * c + r - 3 * d), x.exposedParameterGatherSeconds(32, 0, 0, N, forward), 1e-9);
    }

    @Test
    void shardedInTheNodeGathersEachBucketInTheNode() {
        final GradientExchange x = exchange(OptimizerSharding.NODE, N / 4, true);
        final double c = NCCL.fastestSeconds(Collective.ALL_GATHER, N / 4, 8, 1, 1.0);
        assertEquals(c, x.exposedParameterGatherSeconds(32, 0, 0, N, 100 * c), 1e-12);
        assertEquals(0.0, x.exposedParameterGatherSeconds(1, 0, 0, N, 100 * c), 0);
    }

    @Test
    void theTimelineCountsTheWholeGatherButExposesWhatTheForwardPassWaitsFor() {
        final long bucket = N / 4;
        final GradientExchange exposed = exchange(OptimizerSharding.WORKERS, bucket, false);
        final GradientExchange overlapped = exchange(OptimizerSharding.WORKERS, bucket, true);
        final double c = gather32(bucket);
        final double backward = 1.0;
        final double forward = 100 * c;
        final double[] totalExposed = new double[1];
        final double[] totalOverlapped = new double[1];
        final double a = exposed.exposedSeconds(32, 0, 0, N, 0, 0, backward, forward, totalExposed);
        final double b = overlapped.exposedSeconds(32, 0, 0, N, 0, 0, backward, forward, totalOverlapped);
        assertEquals(totalExposed[0], totalOverlapped[0], 1e-12);
        assertEquals(4 * c - c, a - b, 1e-12);
    }

    @Test
    void withoutTheTimelineTheForwardPassHidesWhatTheOverlappedGatherLeaves() {
        // 10 s of exchange, 3 of it the gather, of which the forward pass waits for 1
        assertEquals(1.0, Projector.exposedWithoutTimeline(10, 3, 1, 1.0, 100), 1e-12);
        assertEquals(4.5, Projector.exposedWithoutTimeline(10, 3, 1, 0.5, 100), 1e-12);
        assertEquals(6.0, Projector.exposedWithoutTimeline(10, 3, 1, 1.0, 2), 1e-12);
    }

    @Test
    void aProjectionWithTheGatherOverlappedKeepsTheExchangeAndExposesLess() {
        final ModelProfile gnmt = ModelCatalog.resolve("gnmt");
        final ProjectionOptions sharded = ProjectionOptions.DEFAULTS.withFixedBatch(16).withBucketBytes(25L << 20)
                .withOptimizerSharding(OptimizerSharding.WORKERS);
        final int[] devices = {8, 64, 512};
        final ProjectionTable a = table(gnmt, sharded, devices);
        final ProjectionTable b = table(gnmt, sharded.withParameterGatherOverlapped(true), devices);
        for (int r = 0; r < devices.length; r++) {
            for (int m = 0; m < 2; m++) {
                assertEquals(a.commSeconds(r, m), b.commSeconds(r, m), 1e-15, "the same exchange");
                assertEquals(a.computeSeconds(r, m), b.computeSeconds(r, m), 1e-15);
            }
        }
        boolean less = false;
        for (int r = 0; r < devices.length; r++) {
            for (int m = 0; m < 2; m++) {
                // the forward pass waits for at most every bucket, which is what it waits for without the overlap
                assertTrue(b.exposedCommSeconds(r, m) <= a.exposedCommSeconds(r, m) + 1e-15, devices[r] + " " + m);
                less |= b.exposedCommSeconds(r, m) < a.exposedCommSeconds(r, m);
            }
        }
        assertTrue(less, "the forward pass hides part of some gather");
        // without buckets there is one gather, which the forward pass waits for either way
        final ProjectionOptions whole = sharded.withBucketBytes(0);
        final ProjectionTable c = table(gnmt, whole, devices);
        final ProjectionTable d = table(gnmt, whole.withParameterGatherOverlapped(true), devices);
        for (int r = 0; r < devices.length; r++) {
            assertEquals(c.stepSeconds(r, 1), d.stepSeconds(r, 1), 0);
        }
        assertNotEquals(a.stepSeconds(2, 1), b.stepSeconds(2, 1));
    }

    /**
     * GNMT's dense gradient in five buckets of {@code dense / 5} bytes gathered among 32 workers on 4 DGX A100 nodes,
     * each figure from NCCL's model: the full buckets, the partial one's bytes and each one's gather time.
     */
    private record GnmtBuckets(long dense, long bucket, double full, double rest, double c, double r) {

        static GnmtBuckets of(final ModelProfile gnmt) {
            final long dense = gnmt.denseGradientBytes();
            final long bucket = dense / 5;
            final double full = Math.floor((double) dense / bucket);
            final double rest = dense - full * bucket;
            return new GnmtBuckets(dense, bucket, full, rest, gather32(bucket),
                    rest > 0 ? gather32((long) Math.ceil(rest)) : 0.0);
        }

        /** Data parallelism at a fixed per-GPU batch with the optimizer sharded over the workers, in these buckets. */
        ProjectionOptions shardedOptions(final int batch) {
            return ProjectionOptions.DEFAULTS.withFixedBatch(batch).withBucketBytes(bucket)
                    .withOptimizerSharding(OptimizerSharding.WORKERS);
        }

        /** The buckets back to back: what the forward pass waits for without the overlap. */
        double whole() {
            return full * c + r;
        }

        /** How late a forward pass giving each bucket {@code d} of compute ends, worked out as the class says. */
        double late(final double d) {
            double late = Math.max(c, full * c - (full - 1) * d);
            if (rest > 0) {
                late = Math.max(late, full * c + r - full * d);
            }
            return late;
        }
    }

    @Test
    void theProjectorOverlapsTheGatherWithAForwardPassOfAThirdOfAMicroStep() {
        final ModelProfile gnmt = ModelCatalog.resolve("gnmt");
        final GnmtBuckets g = GnmtBuckets.of(gnmt);
        final ProjectionOptions exposed = g.shardedOptions(16);
        final Projector a = new Projector(gnmt, DGX_A100, exposed, new int[] {1});
        final Projector b = new Projector(gnmt, DGX_A100, exposed.withParameterGatherOverlapped(true), new int[] {1});
        // a micro-step whose forward third gives each bucket half a gather's time: the pass outruns the gathers
        final double micro = 3 * (g.c() / 2) * g.dense() / g.bucket();
        final double late = g.late(g.c() / 2);
        assertTrue(late > g.c(), "the forward pass waits for more than the first bucket");
        assertEquals(late - g.whole(), b.dataParallelStepSeconds(32, micro, 0, 0, 0)
                - a.dataParallelStepSeconds(32, micro, 0, 0, 0), 1e-12);
    }

    @Test
    void theProjectionsExposedGatherIsWhatAThirdOfItsMicroStepLeaves() {
        final ModelProfile gnmt = ModelCatalog.resolve("gnmt");
        final GnmtBuckets g = GnmtBuckets.of(gnmt);
        final ProjectionOptions exposed = g.shardedOptions(1);
        final int[] devices = {32};
        final ProjectionTable a = table(gnmt, exposed, devices);
        final ProjectionTable b = table(gnmt, exposed.withParameterGatherOverlapped(true), devices);
        // data parallelism (M = 1), FP32: the compute is one micro-step and the 32nd of the update this worker makes;
        // at a batch of one sequence its forward third is shorter than a bucket's gather, so the pass waits more than
        // for the first bucket and the figure depends on the forward pass's length
        final double micro = a.computeSeconds(0, 0) - gnmt.optimizerSeconds() / 32;
        final double late = g.late(micro / 3 * g.bucket() / g.dense());
        assertTrue(late > g.c());
        assertEquals(late - g.whole(), b.exposedCommSeconds(0, 0) - a.exposedCommSeconds(0, 0), 1e-12);
    }

    private static ProjectionTable table(final ModelProfile model, final ProjectionOptions options,
            final int[] devices) {
        final Projector p = new Projector(model, DGX_A100, options, new int[] {1, 2});
        final ProjectionTable t = p.newTable(devices.length);
        p.project(devices, t);
        return t;
    }

    @Test
    void onlyAShardedOptimizerGathersParameters() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProjectionOptions.DEFAULTS.withParameterGatherOverlapped(true));
        assertEquals("parameter gather = overlapped with optimizer = replicated: only a sharded optimizer (sharded or"
                + " sharded-in-node) gathers parameters", e.getMessage());
        final ProjectionOptions o = ProjectionOptions.DEFAULTS.withOptimizerSharding(OptimizerSharding.NODE)
                .withParameterGatherOverlapped(true);
        assertTrue(o.parameterGatherOverlapped());
        assertThrows(IllegalArgumentException.class, () -> o.withOptimizerSharding(OptimizerSharding.REPLICATED));
        assertTrue(o.withOverlap(0.5).withBucketBytes(7).withAccumulationSteps(2).parameterGatherOverlapped());
    }
}

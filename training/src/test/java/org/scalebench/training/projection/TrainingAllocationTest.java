package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.RabenseifnerAllReduce;
import org.scalebench.training.collective.RingAllReduce;
import org.scalebench.training.model.ModelCatalog;

/**
 * The hot paths allocate nothing: collective costs, the NCCL model and a whole projection sweep. Each
 * measurement is taken up to three times and the least kept: an allocating hot path allocates in every window
 * (at least one byte per iteration), while a one-off runtime event (a deoptimisation re-materialising a frame
 * while the loop is being compiled) has been seen to add a few hundred bytes to a single window of the surefire
 * JVM.
 */
@Tag("allocation")
class TrainingAllocationTest {

    private static long steadyState(final Allocations.Step step, final int warmup, final int iterations) {
        long least = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && least > 0; attempt++) {
            least = Math.min(least, Allocations.bytesAllocated(step, warmup, iterations));
        }
        return least;
    }

    @Test
    void collectiveCostsAllocateNothing() {
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final RingAllReduce ring = new RingAllReduce(dgx1.intraLink());
        final RabenseifnerAllReduce rab = new RabenseifnerAllReduce(dgx1.interLinkPerNode());
        final NcclModel nccl = new NcclModel(NcclConstants.of(dgx1.ncclGeneration()), dgx1.ncclFabric());
        assertEquals(0L, steadyState(i -> (long) (1e9 * (ring.seconds(1L << (i & 31), 2 + (i & 1023))
                + rab.seconds(1L << (i & 31), 2 + (i & 1023)))), 50_000, 200_000));
        assertEquals(0L, steadyState(i -> (long) (1e9 * nccl.fastestSeconds(Collective.ALL_REDUCE,
                1L << (i & 31), 8 + (i & 1023), 1 + (i & 127))), 50_000, 200_000));
        // HEAD on an AMD host, a communicator with a share of each node's NICs
        final Cluster a100 = ClusterCatalog.builtIn("dgx-a100");
        final NcclModel head = new NcclModel(NcclConstants.of(a100.ncclGeneration()), a100.ncclFabric());
        assertEquals(0L, steadyState(i -> (long) (1e9 * head.fastestSeconds(Collective.ALL_REDUCE,
                1L << (i & 31), 8 + (i & 1023), 1 + (i & 7), 1.0 / (1 + (i & 7)))), 50_000, 200_000));
    }

    @Test
    void sweepsWithBucketsWholeGradientsPoolsAndMixedPrecisionAllocateNothing() {
        final int[] devices = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
        final Projector[] projectors = {
            new Projector(ModelCatalog.builtIn("gnmt").withPrecision(org.scalebench.training.model.Precision.MIXED),
                    ClusterCatalog.builtIn("dgx-a100"), ProjectionOptions.DEFAULTS.withBucketBytes(25L << 20),
                    new int[] {1, 2, 4, 8}),
            new Projector(ModelCatalog.builtIn("biglstm"), ClusterCatalog.builtIn("dgx1"),
                    ProjectionOptions.DEFAULTS.withShardedAllReduce(false).withNicSharing(
                            org.scalebench.training.cluster.NicSharing.PER_NODE), new int[] {1, 2, 4, 8}),
            new Projector(ModelCatalog.builtIn("inception-v3"), ClusterCatalog.builtIn("dgx-h100"),
                    ProjectionOptions.DEFAULTS.withCommunication(CommunicationModel.HIERARCHICAL_TREE)
                            .withEvenShards(true), new int[] {1, 2, 4, 8})};
        for (final Projector p : projectors) {
            final ProjectionTable t = p.newTable(devices.length);
            assertEquals(0L, steadyState(i -> {
                p.project(devices, t);
                return t.bestColumn(i % devices.length);
            }, 3_000, 3_000));
        }
    }

    @Test
    void aProjectionSweepAllocatesNothing() {
        final Projector p = new Projector(ModelCatalog.builtIn("biglstm"), ClusterCatalog.builtIn("dgx1"),
                ProjectionOptions.DEFAULTS, new int[] {1, 2, 4, 8});
        final int[] devices = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
        final ProjectionTable t = p.newTable(devices.length);
        assertEquals(0L, steadyState(i -> {
            p.project(devices, t);
            return t.bestColumn(i % devices.length);
        }, 10_000, 10_000));
    }
}

package org.scalebench.training.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.RingAllReduce;

/** Every collective's algorithms by name, priced over the cluster's links. */
class ClusterCollectivesTest {

    private static final Cluster DGX1 = ClusterCatalog.builtIn("dgx1");
    private static final long MIB = 1L << 20;

    @Test
    void everyListedAlgorithmIsTheOneNamed() {
        int count = 0;
        for (final Collective c : Collective.values()) {
            for (final String name : ClusterCollectives.algorithms(c)) {
                final CollectiveCost cost = ClusterCollectives.of(c, " " + name.toUpperCase() + " ", DGX1, 16,
                        NcclGeneration.V2019);
                assertEquals(c, cost.collective(), name);
                assertEquals(name.equals("nccl") ? "nccl-2019" : name, cost.algorithm(), c + "/" + name);
                count++;
            }
        }
        // 8 all-reduce, 3 reduce-scatter, 3 all-gather, 4 broadcast, 3 reduce, 2 all-to-all
        assertEquals(23, count);
        assertEquals(List.of("pairwise", "bruck"), ClusterCollectives.algorithms(Collective.ALL_TO_ALL));
    }

    @Test
    void flatAlgorithmsUseTheNodeLinkWithinANodeAndTheNetworkBeyond() {
        final CollectiveCost ring = ClusterCollectives.of(Collective.ALL_REDUCE, "ring", DGX1, 8, NcclGeneration.V2019);
        assertEquals(new RingAllReduce(DGX1.intraLink()).seconds(MIB, 8), ring.seconds(MIB, 8), 0);
        final CollectiveCost wide = ClusterCollectives.of(Collective.ALL_REDUCE, "ring", DGX1, 32,
                NcclGeneration.V2019);
        assertEquals(new RingAllReduce(DGX1.interLinkPerNode()).seconds(MIB, 32), wide.seconds(MIB, 32), 0);
        assertEquals(new HierarchicalAllReduce(DGX1.intraLink(), DGX1.interLinkPerGpu(), 8, true).seconds(MIB, 32),
                ClusterCollectives.of(Collective.ALL_REDUCE, "hierarchical-tree", DGX1, 32, NcclGeneration.V2019)
                        .seconds(MIB, 32), 0);
        final NcclModel nccl = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT),
                DGX1.ncclFabric(NcclGeneration.CURRENT));
        assertEquals(nccl.fastestSeconds(Collective.ALL_GATHER, MIB, 32, 4), ClusterCollectives.of(
                Collective.ALL_GATHER, "nccl", DGX1, 32, NcclGeneration.CURRENT).seconds(MIB, 32), 0);
    }

    @Test
    void anUnknownAlgorithmNamesTheChoices() {
        assertEquals("algorithm = 'ring' for broadcast: must be one of binomial-tree, scatter-allgather,"
                + " scatter-ring-allgather, nccl", assertThrows(IllegalArgumentException.class,
                        () -> ClusterCollectives.of(Collective.BROADCAST, "ring", DGX1, 8, NcclGeneration.V2019))
                        .getMessage());
    }
}

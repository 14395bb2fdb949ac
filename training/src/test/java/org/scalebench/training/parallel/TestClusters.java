package org.scalebench.training.parallel;

import java.util.Arrays;
import java.util.Map;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.collective.NcclArchitecture;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;

/** Synthetic clusters for closed-form tests. */
public final class TestClusters {

    private TestClusters() {
    }

    /**
     * A cluster whose links are (practically) free: zero latency, {@code bandwidth} everywhere.
     *
     * @param gpusPerNode GPUs per node
     * @param bandwidth bytes per second of every link
     * @return the cluster
     */
    public static Cluster uniform(final int gpusPerNode, final double bandwidth) {
        final double[][] peer = new double[gpusPerNode][gpusPerNode];
        for (final double[] row : peer) {
            Arrays.fill(row, bandwidth);
        }
        return new Cluster("uniform", "test-gpu", gpusPerNode, bandwidth, 0, bandwidth, 0, bandwidth,
                new NcclFabric(NcclArchitecture.VOLTA, true, 1, 1, bandwidth / 1e9, bandwidth / 1e9),
                NcclGeneration.V2019, peer, 0, Map.of());
    }

    /**
     * A single-node cluster of {@code peer.length} GPUs with the given pair bandwidths (point-to-point links).
     *
     * @param peer bytes per second between each pair
     * @return the cluster
     */
    public static Cluster withPeers(final double[][] peer) {
        return new Cluster("peers", "test-gpu", peer.length, 900e9, 0, 100e9, 0, 100e9,
                new NcclFabric(NcclArchitecture.VOLTA, true, 1, 1, 20, 12), NcclGeneration.V2019, peer, 0, Map.of());
    }
}

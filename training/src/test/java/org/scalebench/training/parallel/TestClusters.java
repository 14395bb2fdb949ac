package org.scalebench.training.parallel;

import java.util.Arrays;
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
        return Cluster.builder("uniform", "test-gpu", gpusPerNode).hbmBandwidth(bandwidth)
                .intraNode(0, bandwidth).interNode(0, bandwidth)
                .nccl(new NcclFabric(NcclArchitecture.VOLTA, true, 1, 1, bandwidth / 1e9, bandwidth / 1e9),
                        NcclGeneration.V2019)
                .linkedPeers(peer, Double.NaN).peerLatency(0).build();
    }

    /**
     * A single-node cluster of {@code peer.length} GPUs with the given pair bandwidths (point-to-point links).
     *
     * @param peer bytes per second between each pair
     * @return the cluster
     */
    public static Cluster withPeers(final double[][] peer) {
        return withPeers(peer, 0);
    }

    /**
     * A single-node cluster of {@code peer.length} GPUs with the given pair bandwidths and a latency per transfer.
     *
     * @param peer bytes per second between each pair
     * @param latency seconds added to every transfer between GPUs
     * @return the cluster
     */
    public static Cluster withPeers(final double[][] peer, final double latency) {
        return Cluster.builder("peers", "test-gpu", peer.length).hbmBandwidth(900e9)
                .intraNode(0, 100e9).interNode(0, 100e9)
                .nccl(new NcclFabric(NcclArchitecture.VOLTA, true, 1, 1, 20, 12), NcclGeneration.V2019)
                .linkedPeers(peer, Double.NaN).peerLatency(latency).build();
    }
}

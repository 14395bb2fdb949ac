package org.scalebench.training.collective;

/**
 * What NCCL's topology search would find on a cluster, as the tuning model consumes it: the GPU
 * architecture, whether GPUs inside a node talk over NVLink (else PCI), how many channels the rings and trees
 * use inside one node and across nodes, and the per-channel bandwidth inside a node ({@code bwIntra}) and
 * across nodes ({@code bwInter}).
 *
 * @param architecture the GPU architecture (indexes NCCL's per-architecture caps)
 * @param nvlink true if the intra-node fabric is NVLink, false for PCI (LL128 is enabled on NVLink only)
 * @param channelsSingleNode channels of a single-node communicator, at least 1
 * @param channelsMultiNode channels of a multi-node communicator, at least 1
 * @param bwIntraPerChannel bandwidth per channel inside a node, GB/s, positive
 * @param bwInterPerChannel bandwidth per channel across nodes, GB/s, positive
 */
public record NcclFabric(NcclArchitecture architecture, boolean nvlink, int channelsSingleNode, int channelsMultiNode,
        double bwIntraPerChannel, double bwInterPerChannel) {

    /**
     * Validates the fabric.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public NcclFabric {
        if (architecture == null) {
            throw new IllegalArgumentException("architecture = null: must be one of volta, ampere, hopper, blackwell");
        }
        if (channelsSingleNode < 1) {
            throw new IllegalArgumentException("channelsSingleNode = " + channelsSingleNode + ": must be at least 1");
        }
        if (channelsMultiNode < 1) {
            throw new IllegalArgumentException("channelsMultiNode = " + channelsMultiNode + ": must be at least 1");
        }
        if (!(bwIntraPerChannel > 0) || Double.isInfinite(bwIntraPerChannel)) {
            throw new IllegalArgumentException("bwIntraPerChannel = " + bwIntraPerChannel
                    + " GB/s: must be finite and positive");
        }
        if (!(bwInterPerChannel > 0) || Double.isInfinite(bwInterPerChannel)) {
            throw new IllegalArgumentException("bwInterPerChannel = " + bwInterPerChannel
                    + " GB/s: must be finite and positive");
        }
    }
}

package org.scalebench.training.collective;

import org.scalebench.core.Checks;

/**
 * What NCCL's topology search would find on a cluster, as the tuning model consumes it: the GPU
 * architecture, whether GPUs inside a node talk over NVLink (else PCI), how many channels the rings and trees
 * use inside one node and across nodes, the per-channel bandwidth inside a node ({@code bwIntra}) and across
 * nodes ({@code bwInter}), and the host CPU vendor.
 *
 * <p>{@code bwIntra} is what a channel gets on a single-node communicator. On a multi-node communicator NCCL's
 * search keeps a ring's intra-node bandwidth equal to its inter-node bandwidth, and lets a tree's rise to at most
 * twice it; {@link NcclModel} applies that, so {@code bwIntra} here is the NVLink (or PCI) figure.
 *
 * @param architecture the GPU architecture (indexes NCCL's per-architecture caps)
 * @param nvlink true if the intra-node fabric is NVLink, false for PCI (LL128 is enabled on NVLink only)
 * @param channelsSingleNode channels of a single-node communicator, at least 1
 * @param channelsMultiNode channels of a multi-node communicator, at least 1
 * @param bwIntraPerChannel bandwidth per channel inside a node, GB/s, positive
 * @param bwInterPerChannel bandwidth per channel across nodes, GB/s, positive
 * @param hostCpu the host CPU vendor (multi-node LL cap and network overhead at HEAD)
 */
public record NcclFabric(NcclArchitecture architecture, boolean nvlink, int channelsSingleNode, int channelsMultiNode,
        double bwIntraPerChannel, double bwInterPerChannel, NcclCpuVendor hostCpu) {

    /**
     * Validates the fabric.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public NcclFabric {
        if (architecture == null) {
            throw new IllegalArgumentException("architecture = null: must be one of volta, ampere, hopper, blackwell");
        }
        if (hostCpu == null) {
            throw new IllegalArgumentException("host_cpu_vendor = null: must be intel, amd or other");
        }
        Checks.requireAtLeast("channelsSingleNode", channelsSingleNode, 1);
        Checks.requireAtLeast("channelsMultiNode", channelsMultiNode, 1);
        if (!(bwIntraPerChannel > 0) || Double.isInfinite(bwIntraPerChannel)) {
            throw new IllegalArgumentException("bwIntraPerChannel = " + bwIntraPerChannel
                    + " GB/s: must be finite and positive");
        }
        if (!(bwInterPerChannel > 0) || Double.isInfinite(bwInterPerChannel)) {
            throw new IllegalArgumentException("bwInterPerChannel = " + bwInterPerChannel
                    + " GB/s: must be finite and positive");
        }
    }

    /**
     * A fabric on an Intel host (the form before the host CPU vendor was modelled).
     *
     * @param architecture the GPU architecture
     * @param nvlink true for NVLink inside a node
     * @param channelsSingleNode channels of a single-node communicator
     * @param channelsMultiNode channels of a multi-node communicator
     * @param bwIntraPerChannel GB/s per channel inside a node
     * @param bwInterPerChannel GB/s per channel across nodes
     */
    public NcclFabric(final NcclArchitecture architecture, final boolean nvlink, final int channelsSingleNode,
            final int channelsMultiNode, final double bwIntraPerChannel, final double bwInterPerChannel) {
        this(architecture, nvlink, channelsSingleNode, channelsMultiNode, bwIntraPerChannel, bwInterPerChannel,
                NcclCpuVendor.INTEL);
    }

    /**
     * This fabric with other per-channel bandwidths (a communicator's share of a node).
     *
     * @param intra GB/s per channel inside a node
     * @param inter GB/s per channel across nodes
     * @return a new fabric
     */
    public NcclFabric withBandwidths(final double intra, final double inter) {
        return new NcclFabric(architecture, nvlink, channelsSingleNode, channelsMultiNode, intra, inter, hostCpu);
    }
}

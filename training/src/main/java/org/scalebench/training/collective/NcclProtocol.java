package org.scalebench.training.collective;

/** The NCCL protocols: low-latency 8-byte lines, 128-byte lines, and the simple bulk protocol. */
public enum NcclProtocol {
    /** 8-byte lines carrying 4 bytes of data and a 4-byte flag. */
    LL,
    /** 128-byte lines carrying 120 bytes of data; enabled by default on NVLink paths only. */
    LL128,
    /** Bulk copies with fences; full bandwidth, highest latency. */
    SIMPLE
}

package org.scalebench.training.collective;

/**
 * The points where scalebench's NCCL model follows NCCL's source more closely than its first version did, each
 * with the line it follows. {@link NcclModel} applies all of them; a sensitivity study may switch one off to show
 * what it changes.
 */
public enum NcclCorrection {
    /**
     * A multi-node ring runs inside each node at its inter-node per-channel bandwidth, and a multi-node tree at no
     * more than twice it: NCCL's search raises only a non-ring graph's intra-node speed above the inter-node one,
     * up to twice it (NVIDIA/nccl {@code src/graph/search.cc} at 299c554d lines 548-552; at 5067397 lines
     * 1269-1282). Off: a 2-node communicator uses the full NVLink per-channel bandwidth.
     */
    MULTI_NODE_INTRA_BANDWIDTH,
    /**
     * HEAD's multi-node LL cap is read from the CPU-vendor row of {@code llMaxBws} ({@code src/graph/tuning.cc}
     * at 5067397 lines 268-272). Off: the GPU-architecture row at every node count.
     */
    LL_CAP_BY_CPU_VENDOR,
    /**
     * HEAD's per-step network overhead of a multi-node ring is 2 us on AMD hosts ({@code getNetOverhead},
     * lines 228-233). Off: 1 us everywhere.
     */
    NET_OVERHEAD_BY_CPU_VENDOR,
    /**
     * HEAD's tree bandwidth factor 0.85 applies only when the tree graph's pattern is the plain
     * {@code NCCL_TOPO_PATTERN_TREE} (line 336), which the search sets for one GPU per node
     * ({@code src/graph/search.cc} line 1133). Off: 0.85 for every tree.
     */
    TREE_FACTOR_PLAIN_PATTERN_ONLY,
    /**
     * The tree correction applies while {@code 0 <= log2(bytes >> 6) < limit}: 22 in 2.5.6
     * ({@code src/enqueue.cc} at 299c554d line 249, where {@code log2i(0) = 0}), 23 at HEAD
     * ({@code src/graph/tuning.cc} at 5067397 line 640, where {@code log2Down(0) = -1}). Off: every entry of the
     * table, and index 0 for messages under 64 bytes.
     */
    TREE_CORRECTION_RANGE
}

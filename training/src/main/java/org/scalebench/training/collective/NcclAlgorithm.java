package org.scalebench.training.collective;

/** The NCCL algorithms the tuning model chooses between (CollNet, NVLS and PAT are not modelled). */
public enum NcclAlgorithm {
    /** Double binary tree (all-reduce only); a chain inside a node. */
    TREE,
    /** Ring (every collective). */
    RING
}

/**
 * GPU clusters: nodes of GPUs joined inside by NVLink (point-to-point links or NVSwitch) and between by
 * InfiniBand. Built-in DGX-1 (V100), DGX-A100 and DGX-H100 and user clusters read from CSV files, every number
 * with its source. A cluster has any number of nodes: a projection uses as many as its device count needs.
 */
package org.scalebench.training.cluster;

/**
 * The projector against published training throughput: data-parallel scaling efficiency on one and many DGX-1
 * nodes, in FP32 and mixed precision, each measurement with its source. Nothing is fitted to these numbers.
 */
package org.scalebench.training.validation;

/**
 * Collective communication costs: closed-form alpha-beta-gamma models (Hockney; Thakur, Rabenseifner and
 * Gropp 2005; Sanders, Speck and Traeff 2009) for all-reduce, reduce-scatter, all-gather, broadcast, reduce and
 * all-to-all, an NCCL-style tuning model with constant tables per NCCL generation, and the bus / algorithm
 * bandwidth conversions of nccl-tests. Cost evaluation allocates nothing; batch forms fill caller arrays.
 */
package org.scalebench.training.collective;

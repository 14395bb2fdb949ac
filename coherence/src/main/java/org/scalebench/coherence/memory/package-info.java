/**
 * What lies behind the home slices: each home is a shared-cache slice (set-associative tags) in front of DRAM,
 * reached through memory controllers placed as in a cited design; home ports and memory controllers are queues
 * (a busy-until time and remembered idle gaps) on a machine clock, so broadcasts and hot homes pay for what they
 * occupy. The model and each constant's source are described in the repository's {@code docs/cdr-model.md}.
 * Allocation-free per access; not thread-safe (one per simulation).
 */
package org.scalebench.coherence.memory;

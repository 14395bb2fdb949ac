/**
 * The simulator's energy estimate: network energy per flit-hop, directory read energy and leakage scaled with the
 * directory array's size (from a CACTI-derived table), and DRAM energy per access, each constant with its source in
 * a data file. Evaluated once per run.
 */
package org.scalebench.coherence.energy;

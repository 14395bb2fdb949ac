/**
 * The interconnects the protocol charges messages on: a 2-D mesh with XY routing (PriME's uncontended latency,
 * {@code inject + hops x (router + link) + router + flits - 1}) and the hierarchical network of a warehouse-scale
 * machine (server, rack, array, across, with each level's latency as its source defines it). They count messages,
 * bytes and flit-hops; allocation-free.
 */
package org.scalebench.coherence.network;

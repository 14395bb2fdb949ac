/**
 * Coherence Domain Restriction (Fu, Nguyen, Wentzlaff, MICRO 2015): directory formats, sharer and home domains,
 * restricted home mapping, storage model, a MESI directory protocol and the simulator built on them. The
 * mechanism as modelled is described in the repository's {@code docs/cdr-mechanism.md}, the timing, memory and
 * energy model in {@code docs/cdr-model.md}, the verification in {@code docs/verification.md}.
 *
 * <p>How a simulation is put together:
 * <pre>
 *   SystemSpec (a system file: machine, latencies, caches, energy, each with its source)
 *       |  protocolConfig(format, mapping)
 *       v
 *   ProtocolConfig  ------------------>  MesiProtocol  <---- access(core, write, address, sdid, hdid)
 *   (caches, directories, network,       (private caches, sparse directories,        ^
 *    domains, map caches, memory)         formats, domains, home mapping, stats)     |
 *                                                                                    |
 *   Workload (synthetic vm / app / page, or a trace) --- AccessBatch ----------------+
 *       |  defineDomains(sharers, homes)                                             |
 *       v                                                                            |
 *   CoherenceSimulator.run: builds the protocol, lets the workload define its domains, warms the
 *   caches, counts accesses, returns a SimulationResult (one CSV row)
 * </pre>
 *
 * <p>Subpackages: {@code format} (directory formats), {@code domain} (sharer and home domains, map caches),
 * {@code home} (home mapping and the Piton encoder), {@code network} (mesh and warehouse interconnects),
 * {@code protocol} (the MESI engine and its configuration and statistics), {@code sim} (systems, workloads,
 * traces, the simulator), {@code storage} (directory storage per format), {@code verify} (the random and the
 * exhaustive protocol checkers).
 */
package org.scalebench.coherence;

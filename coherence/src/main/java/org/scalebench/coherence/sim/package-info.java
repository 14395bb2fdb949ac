/**
 * Running simulations: systems ({@code SystemSpec}, read from a system file of {@code parameter,value,unit,source}
 * rows), workloads (synthetic VM, application and page domains, or traces in CSV and the binary {@code .sbt}
 * form), warm-up, and {@code CoherenceSimulator}, which builds the protocol, feeds it the workload and returns a
 * {@code SimulationResult}. Traces and system files are checked as they are read; every error names the file and
 * the line (or record). The module as a whole models Coherence Domain Restriction (Fu, Nguyen, Wentzlaff,
 * MICRO 2015); the mechanism as modelled is described in the repository's {@code docs/cdr-mechanism.md}, the
 * timing, memory and energy model in {@code docs/cdr-model.md}, the verification in {@code docs/verification.md}.
 *
 * <p>How a simulation is put together:
 * <pre>
 *   SystemSpec (a system file: machine, latencies, caches, memory, energy, each with its source)
 *       |  protocolConfig(format, mapping)
 *       v
 *   ProtocolConfig  ------------------&gt;  MesiProtocol  &lt;---- access(core, write, address, sdid, hdid)
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
 * <p>The other packages: {@code format} (directory formats), {@code domain} (sharer and home domains, map
 * caches), {@code home} (home mapping and the Piton encoder), {@code network} (mesh and warehouse interconnects),
 * {@code memory} (shared-cache slices, DRAM and queues behind the homes), {@code energy} (the energy model),
 * {@code protocol} (the MESI engine and its configuration and statistics), {@code storage} (directory storage per
 * format), {@code verify} (the random and the exhaustive protocol checkers).
 */
package org.scalebench.coherence.sim;

/**
 * Running simulations: systems ({@code SystemSpec}, read from a system file of {@code parameter,value,unit,source}
 * rows), workloads (synthetic VM, application and page domains, or traces in CSV and the binary {@code .sbt}
 * form), warm-up, and {@code CoherenceSimulator}, which builds the protocol, feeds it the workload and returns a
 * {@code SimulationResult}. Traces and system files are checked as they are read; every error names the file and
 * the line (or record).
 */
package org.scalebench.coherence.sim;

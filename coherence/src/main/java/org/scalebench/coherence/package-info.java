/**
 * Coherence Domain Restriction and the machines it runs on. This package holds only what every sub-package shares:
 * the address layout ({@link org.scalebench.coherence.LineAddress}: 64-byte lines in 4 KiB pages). The models live
 * in the sub-packages: {@code format} (directory formats), {@code domain} (sharer and home domains), {@code home}
 * (home mapping), {@code storage}, {@code network}, {@code memory}, {@code protocol}, {@code energy}, {@code sim}
 * (systems, workloads, the simulator) and {@code verify} (the protocol's checkers).
 */
package org.scalebench.coherence;

/**
 * The simulator's engine: {@code MesiProtocol}, a MESI directory protocol at the home slices over set-associative
 * private caches and sparse directories, with pluggable directory formats, domains and home mapping;
 * {@code ProtocolConfig}, its validated configuration; {@code ProtocolStats}, its counters and latency histogram.
 * Transactions are atomic and deterministic; an access allocates nothing. Not thread-safe: one protocol per
 * simulation.
 */
package org.scalebench.coherence.protocol;

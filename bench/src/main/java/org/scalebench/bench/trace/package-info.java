/**
 * Traces of real programs: the tracer runtime (C, {@code bench/src/main/c/tracer/sbtrace.c}, built on first use by
 * {@link org.scalebench.bench.trace.TracerRuntime}) that a program compiled with {@code -fsanitize=thread} links
 * instead of libtsan; {@link org.scalebench.bench.trace.TraceCapture}, which runs such a program and merges the
 * runtime's per-thread raw file ({@link org.scalebench.bench.trace.RawTrace}) into a binary trace in ticket order;
 * {@link org.scalebench.bench.trace.SharingProfile} (lines and pages by sharer count, outside shares of
 * first-touch domains); {@link org.scalebench.bench.trace.TraceComposer}, which builds VM, application and page
 * domains for a machine from real traces; and {@link org.scalebench.bench.trace.Splash3Set}, the SPLASH-3 programs
 * built from a checkout the user provides. How to use them: the repository's {@code docs/traces.md}.
 */
package org.scalebench.bench.trace;

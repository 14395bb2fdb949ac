/**
 * The CDR experiments as the command line and the report present them: the storage figures, simulations, the
 * {@code compare} and {@code sweep} studies, {@link org.scalebench.bench.coherence.CdrReproduction}, the CDR
 * part of {@code reproduce}, and {@link org.scalebench.bench.coherence.RealTraceReproduction}, CDR on composed
 * SPLASH-3 traces. The simulator itself is the {@code coherence} module ({@code org.scalebench.coherence}).
 * Application side of {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.coherence;

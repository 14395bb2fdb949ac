/**
 * The CDR experiments as the command line and the report present them, one class per experiment: the storage
 * figures ({@link org.scalebench.bench.coherence.StorageFigures}), the comparison of CDR against every baseline
 * ({@link org.scalebench.bench.coherence.Comparison}, run as the {@code coherence compare} study
 * {@link org.scalebench.bench.coherence.CompareStudy}, its verdicts {@link org.scalebench.bench.coherence.CdrVerdicts}),
 * the Home Restriction sweep ({@link org.scalebench.bench.coherence.SweepStudy}), and the workloads they name
 * ({@link org.scalebench.bench.coherence.WorkloadSpec}). {@code reproduce}'s parts run those same studies:
 * {@link org.scalebench.bench.coherence.CdrReproduction}, the CDR part, and
 * {@link org.scalebench.bench.coherence.RealTraceReproduction}, CDR on composed SPLASH-3 traces. The simulator itself
 * is the {@code coherence} module ({@code org.scalebench.coherence}).
 * Application side of {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.coherence;

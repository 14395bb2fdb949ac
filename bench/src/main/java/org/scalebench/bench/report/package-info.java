/**
 * The {@code reproduce} report: the parts contributed by the coherence and training work
 * ({@link org.scalebench.bench.report.ReproductionPart}, registered where the CLI is assembled), the facts of
 * the run
 * ({@link org.scalebench.bench.report.RunFacts}) and the Markdown and CSV files
 * ({@link org.scalebench.bench.report.ReportWriter}).
 * Application side of {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.report;

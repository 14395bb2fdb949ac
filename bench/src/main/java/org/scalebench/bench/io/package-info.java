/**
 * Output of the application: where a command may write ({@link org.scalebench.bench.io.OutputLocation}), atomic
 * files and multi-file sets ({@link org.scalebench.bench.io.AtomicFiles},
 * {@link org.scalebench.bench.io.StagedDirectory}, {@link org.scalebench.bench.io.CsvFiles}), their temporary
 * files, console tables and progress. Application side of {@code bench}'s seam (described in
 * {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.io;

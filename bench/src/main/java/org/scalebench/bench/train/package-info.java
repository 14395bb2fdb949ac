/**
 * The hybrid-parallel training projection as the command line and the report present it: size parsing, CSV
 * rows and console tables of a projection, the speedup plot, and {@link
 * org.scalebench.bench.train.TrainingReproduction}, which runs the three models of Pal et al. (IEEE Micro 2019)
 * and writes the table of claims against projections.
 * Application side of {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.train;

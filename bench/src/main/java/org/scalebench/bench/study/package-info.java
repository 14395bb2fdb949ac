/**
 * Parameter studies ({@link org.scalebench.bench.study.Study}): independent points run on several threads, in
 * shards merged back exactly, or as a Slurm job array, with the provenance every row carries. Application side of
 * {@code bench}'s seam (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.study;

/**
 * Reading scalebench's data files: a small RFC 4180 CSV reader ({@link org.scalebench.training.data.CsvTable})
 * whose every error names the file and the line, and the number syntax shared by all data files
 * ({@link org.scalebench.training.data.DataValues}). Used at load time only, never on a hot path.
 */
package org.scalebench.training.data;

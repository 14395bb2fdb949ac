/**
 * The project's data files: {@link org.scalebench.core.data.DataTable} reads every CSV table (system, cluster,
 * profile, graph and constant files) with Commons CSV, one dialect everywhere, and names the file and physical
 * line in every error ({@link org.scalebench.core.data.DataFileException}); {@link org.scalebench.core.data.DataValues}
 * is their number syntax; {@link org.scalebench.core.data.TextLimits} caps line lengths and what messages echo.
 * Load-time code, never on a hot path.
 */
package org.scalebench.core.data;

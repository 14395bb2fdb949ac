/**
 * Measured curves of the training model's inputs ({@link org.scalebench.training.data.MonotonePoints}). The data
 * files themselves are read with {@link org.scalebench.core.data.DataTable}, whose every error names the file and
 * the line. Used at load time only, never on a hot path.
 */
package org.scalebench.training.data;

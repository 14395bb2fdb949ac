/**
 * The PNG figures of the report and the commands, drawn with JFreeChart. Application side of {@code bench}'s seam
 * (described in {@link org.scalebench.bench.cli}).
 */
package org.scalebench.bench.plot;

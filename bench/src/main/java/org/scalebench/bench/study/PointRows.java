package org.scalebench.bench.study;

import java.util.List;

/**
 * The rows one point of a study produced. Immutable.
 *
 * @param point the point's index
 * @param rows its rows
 */
public record PointRows(int point, List<List<String>> rows) {

    /**
     * Copies the rows.
     *
     * @param point the point's index
     * @param rows its rows
     */
    public PointRows {
        rows = rows.stream().map(List::copyOf).toList();
    }
}

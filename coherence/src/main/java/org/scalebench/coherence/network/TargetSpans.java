package org.scalebench.coherence.network;

import java.util.Arrays;
import org.scalebench.core.MeshTopology;

/**
 * The lines of a mesh (its columns, or its rows) that a set of targets occupies, with each line's lowest and highest
 * target position, gathered in one pass: what an XY multicast tree (per column) or the tree of acknowledgements
 * coming back to its root (per row) is made of.
 *
 * <p>Allocation: arrays at construction. Thread-safety: none.
 */
final class TargetSpans {

    private static final int UNTOUCHED = Integer.MAX_VALUE;

    private final int[] low;
    private final int[] high;
    private final int[] touched;
    private int lines;
    private int lowestLine = Integer.MAX_VALUE;
    private int highestLine = Integer.MIN_VALUE;

    /**
     * Spans over {@code size} lines, none touched.
     *
     * @param size the lines (the mesh's width for columns, its height for rows)
     */
    TargetSpans(final int size) {
        this.low = new int[size];
        this.high = new int[size];
        this.touched = new int[size];
        Arrays.fill(low, UNTOUCHED);
    }

    /** Adds each target's column, at its row. */
    void addColumns(final MeshTopology mesh, final int[] targets, final int count) {
        for (int i = 0; i < count; i++) {
            add(mesh.x(targets[i]), mesh.y(targets[i]));
        }
    }

    /** Adds each target's row, at its column. */
    void addRows(final MeshTopology mesh, final int[] targets, final int count) {
        for (int i = 0; i < count; i++) {
            add(mesh.y(targets[i]), mesh.x(targets[i]));
        }
    }

    /** Adds a target at {@code position} along {@code line}. */
    private void add(final int line, final int position) {
        lowestLine = Math.min(lowestLine, line);
        highestLine = Math.max(highestLine, line);
        if (low[line] == UNTOUCHED) {
            touched[lines++] = line;
            low[line] = position;
            high[line] = position;
        } else {
            low[line] = Math.min(low[line], position);
            high[line] = Math.max(high[line], position);
        }
    }

    /** @return how many lines hold targets */
    int lines() {
        return lines;
    }

    /** @return the {@code k}-th line that holds targets, in the order they were first added */
    int line(final int k) {
        return touched[k];
    }

    /** @return the lowest line that holds targets, {@code Integer.MAX_VALUE} when none does */
    int lowestLine() {
        return lowestLine;
    }

    /** @return the highest line that holds targets, {@code Integer.MIN_VALUE} when none does */
    int highestLine() {
        return highestLine;
    }

    /** @return the lowest target position on a line that holds targets */
    int low(final int line) {
        return low[line];
    }

    /** @return the highest target position on a line that holds targets */
    int high(final int line) {
        return high[line];
    }

    /** Forgets every target. */
    void clear() {
        for (int k = 0; k < lines; k++) {
            low[touched[k]] = UNTOUCHED;
        }
        lines = 0;
        lowestLine = Integer.MAX_VALUE;
        highestLine = Integer.MIN_VALUE;
    }
}

package org.scalebench.core;

/**
 * Receives the index of each set bit visited by {@link SharerRows#forEach(int, BitVisitor)}: a primitive
 * callback, so visiting boxes nothing. Keep one instance (a field, not a capturing lambda created per call)
 * when the visitor carries state, so that visiting allocates nothing.
 */
@FunctionalInterface
public interface BitVisitor {

    /**
     * Called once per set bit, in ascending bit order.
     *
     * @param bit the index of a set bit within its row
     */
    void visit(int bit);
}

package org.scalebench.bench.reference;

/**
 * The hit and miss counters every {@link MapCacheBankReference} keeps, in one place: an implementation calls
 * {@link #hit()} or {@link #miss()} once per lookup. Not thread-safe; not a hot path (references only).
 */
public abstract class CountingMapCaches implements MapCacheBankReference {

    private long hits;
    private long misses;

    /** Counts one lookup that found its row. */
    protected final void hit() {
        hits++;
    }

    /** Counts one lookup that did not find its row. */
    protected final void miss() {
        misses++;
    }

    @Override
    public final long hits() {
        return hits;
    }

    @Override
    public final long misses() {
        return misses;
    }

    @Override
    public final void resetCounters() {
        hits = 0;
        misses = 0;
    }
}

package org.scalebench.bench.reference;

import java.util.BitSet;

/**
 * The plain way to track sharers: one {@link BitSet} per directory entry. Reference of
 * {@code DirectoryFormatBench}.
 */
public final class BitSetDirectory {

    private final BitSet[] sharers;

    /**
     * Creates {@code entries} empty entries.
     *
     * @param entries directory entries
     */
    public BitSetDirectory(final int entries) {
        sharers = new BitSet[entries];
        for (int i = 0; i < entries; i++) {
            sharers[i] = new BitSet();
        }
    }

    /**
     * Adds a sharer.
     *
     * @param entry the entry
     * @param core the core
     */
    public void add(final int entry, final int core) {
        sharers[entry].set(core);
    }

    /**
     * Removes a sharer.
     *
     * @param entry the entry
     * @param core the core
     */
    public void remove(final int entry, final int core) {
        sharers[entry].clear(core);
    }

    /**
     * Writes the sharers of an entry.
     *
     * @param entry the entry
     * @param out receives the cores
     * @return how many
     */
    public int targets(final int entry, final int[] out) {
        int n = 0;
        final BitSet s = sharers[entry];
        for (int core = s.nextSetBit(0); core >= 0; core = s.nextSetBit(core + 1)) {
            out[n++] = core;
        }
        return n;
    }
}

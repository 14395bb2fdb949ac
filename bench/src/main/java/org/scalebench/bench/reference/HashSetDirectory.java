package org.scalebench.bench.reference;

import java.util.HashSet;
import java.util.Set;

/**
 * Sharers as a {@code HashSet<Integer>} per directory entry, as PriME keeps a {@code std::set<int>} per line.
 * Reference of {@code DirectoryFormatBench}.
 */
public final class HashSetDirectory {

    private final Set<Integer>[] sharers;

    /**
     * Creates {@code entries} empty entries.
     *
     * @param entries directory entries
     */
    @SuppressWarnings("unchecked")
    public HashSetDirectory(final int entries) {
        sharers = new Set[entries];
        for (int i = 0; i < entries; i++) {
            sharers[i] = new HashSet<>();
        }
    }

    /**
     * Adds a sharer.
     *
     * @param entry the entry
     * @param core the core
     */
    public void add(final int entry, final int core) {
        sharers[entry].add(core);
    }

    /**
     * Removes a sharer.
     *
     * @param entry the entry
     * @param core the core
     */
    public void remove(final int entry, final int core) {
        sharers[entry].remove(core);
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
        for (final int core : sharers[entry]) {
            out[n++] = core;
        }
        return n;
    }
}

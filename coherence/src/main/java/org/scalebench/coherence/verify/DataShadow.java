package org.scalebench.coherence.verify;

import java.util.Arrays;
import org.scalebench.coherence.protocol.DataObserver;

/**
 * The data a {@link org.scalebench.coherence.protocol.MesiProtocol} would carry, kept beside it for a
 * checker: one value per (core, line) copy and per line at its home, plus the latest value stored to each
 * line. The protocol reports where data moves ({@link DataObserver}); the checker reports stores
 * ({@link #store}). A correct protocol keeps every valid copy at the latest value and, unless a dirty copy
 * exists, the home's too.
 *
 * <p>Lines are a fixed set given at construction (a tester's line pool); values are store sequence numbers,
 * 0 for the initial contents. Allocation: at construction only. Thread-safety: none.
 */
public final class DataShadow implements DataObserver {

    private final long[] lines;
    private final int cores;
    private final int[] copy;
    private final int[] home;
    private final int[] latest;
    private int stores;

    /**
     * Creates the shadow of a machine.
     *
     * @param cores cores
     * @param lines the line indices the checker will access, distinct
     */
    public DataShadow(final int cores, final long[] lines) {
        this.cores = cores;
        this.lines = lines.clone();
        this.copy = new int[cores * lines.length];
        this.home = new int[lines.length];
        this.latest = new int[lines.length];
    }

    /**
     * Position of a line in the pool.
     *
     * @param line a line index
     * @return its position
     * @throws IllegalArgumentException if the line is not in the pool
     */
    public int indexOf(final long line) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i] == line) {
                return i;
            }
        }
        throw new IllegalArgumentException("line " + line + " is not in the checker's pool " + Arrays.toString(lines));
    }

    /**
     * Records a store by {@code core} (after the protocol performed it): its copy and the line's latest value
     * become a fresh value.
     *
     * @param core the storing core
     * @param line the line
     * @return the value stored
     */
    public int store(final int core, final long line) {
        final int i = indexOf(line);
        final int value = ++stores;
        copy[core * lines.length + i] = value;
        latest[i] = value;
        return value;
    }

    /**
     * The value in {@code core}'s copy (meaningful while the copy is valid).
     *
     * @param core the core
     * @param line the line
     * @return the value
     */
    public int copyValue(final int core, final long line) {
        return copy[core * lines.length + indexOf(line)];
    }

    /**
     * The value in the home's memory.
     *
     * @param line the line
     * @return the value
     */
    public int homeValue(final long line) {
        return home[indexOf(line)];
    }

    /**
     * The latest value stored to a line.
     *
     * @param line the line
     * @return the value (0 before any store)
     */
    public int latest(final long line) {
        return latest[indexOf(line)];
    }

    @Override
    public void fromHome(final int core, final long line) {
        final int i = indexOf(line);
        copy[core * lines.length + i] = home[i];
    }

    @Override
    public void fromCache(final int source, final int core, final long line) {
        final int i = indexOf(line);
        copy[core * lines.length + i] = copy[source * lines.length + i];
    }

    @Override
    public void toHome(final int core, final long line) {
        final int i = indexOf(line);
        home[i] = copy[core * lines.length + i];
    }

    /**
     * Cores of the machine.
     *
     * @return cores
     */
    public int cores() {
        return cores;
    }
}

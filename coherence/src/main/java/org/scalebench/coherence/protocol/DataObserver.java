package org.scalebench.coherence.protocol;

/**
 * Where a line's data moves in a {@link MesiProtocol}. The protocol models no data (an atomic transaction
 * needs none to be timed), so it reports each movement here instead: a checker that keeps one value per
 * copy and per home can then verify that every load sees the latest store
 * ({@link org.scalebench.coherence.verify.DataShadow}). A store itself is not reported: the caller knows
 * which core stored to which line.
 *
 * <p>The simulator uses {@link #NONE}; the calls sit on the miss path only and cost nothing measurable
 * once inlined. Implementations must not call back into the protocol.
 */
public interface DataObserver {

    /** Observes nothing. */
    DataObserver NONE = new DataObserver() {
        @Override
        public void fromHome(final int core, final long line) {
        }

        @Override
        public void fromCache(final int source, final int core, final long line) {
        }

        @Override
        public void toHome(final int core, final long line) {
        }
    };

    /**
     * The home supplied {@code core}'s new copy of {@code line} from its memory.
     *
     * @param core the requesting core
     * @param line the line index
     */
    void fromHome(int core, long line);

    /**
     * The owner {@code source} supplied {@code core}'s new copy (a forwarded request).
     *
     * @param source the owner
     * @param core the requesting core
     * @param line the line index
     */
    void fromCache(int source, int core, long line);

    /**
     * {@code core}'s dirty copy of {@code line} was written back to the home's memory.
     *
     * @param core the core whose copy was modified
     * @param line the line index
     */
    void toHome(int core, long line);
}

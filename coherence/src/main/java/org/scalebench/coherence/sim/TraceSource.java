package org.scalebench.coherence.sim;

import java.io.IOException;

/**
 * A stream of trace records read in blocks into caller-owned arrays. Implementations report malformed
 * input as {@link IllegalArgumentException} naming the file and the line (or record).
 */
public interface TraceSource extends AutoCloseable {

    /** Domain value of a record without a domain column. */
    int NO_DOMAIN = -1;

    /** Opens a fresh source over the same trace (traces are read twice: domains, then accesses). */
    @FunctionalInterface
    interface Opener {
        /**
         * Opens the trace from its beginning.
         *
         * @return the source
         * @throws IOException if it cannot be read
         */
        TraceSource open() throws IOException;
    }

    /**
     * Reads up to {@code max} records.
     *
     * @param core receives cores
     * @param write receives store flags
     * @param address receives byte addresses
     * @param domain receives domain ids or {@link #NO_DOMAIN}
     * @param max largest number of records to read
     * @return records read, 0 at the end
     * @throws IOException on a read error
     */
    int read(int[] core, boolean[] write, long[] address, int[] domain, int max) throws IOException;

    @Override
    void close() throws IOException;
}

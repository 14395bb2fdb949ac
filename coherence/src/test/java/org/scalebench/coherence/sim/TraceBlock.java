package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;

/** Caller-owned arrays a test reads a {@link TraceSource}'s records into, one block at a time. */
final class TraceBlock {

    final int[] core;
    final boolean[] write;
    final long[] address;
    final int[] domain;

    TraceBlock(final int capacity) {
        core = new int[capacity];
        write = new boolean[capacity];
        address = new long[capacity];
        domain = new int[capacity];
    }

    /**
     * Reads the next block.
     *
     * @param source the trace
     * @param max the most records to read, at most the capacity
     * @return records read
     * @throws IOException on a read error
     */
    int read(final TraceSource source, final int max) throws IOException {
        return source.read(core, write, address, domain, max);
    }

    /**
     * The message of the error the first block of four records raises.
     *
     * @param source the trace, read from its start
     * @return the message
     */
    static String firstError(final TraceSource source) {
        return assertThrows(IllegalArgumentException.class, () -> new TraceBlock(4).read(source, 4)).getMessage();
    }
}

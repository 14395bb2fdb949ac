package org.scalebench.coherence.memory;

import java.util.Arrays;

/**
 * Counters of {@link HomeMemory}: reads at the homes and how many the slices held, DRAM reads and writes, and which
 * homes served a request. (The traffic between homes and controllers is counted by the memory's messenger, the
 * waits at controllers by the timeline's resources.) Updated in place (no allocation); read after the run;
 * {@link #reset} zeroes them (the simulator does after warm-up).
 */
public final class MemoryStats {

    long homeReads;
    long homeHits;
    long dramReads;
    long dramWrites;
    private long[] touched = new long[0];

    /** Sizes the record of homes touched. */
    void attach(final int homes) {
        touched = new long[(homes + 63) >>> 6];
    }

    void touch(final int home) {
        touched[home >>> 6] |= 1L << home;
    }

    /** Zeroes every counter and forgets which homes were touched. */
    public void reset() {
        homeReads = 0;
        homeHits = 0;
        dramReads = 0;
        dramWrites = 0;
        Arrays.fill(touched, 0);
    }

    /** @return line reads at homes (requests that needed the home's data) */
    public long homeReads() {
        return homeReads;
    }

    /** @return of those, the reads the home's slice held */
    public long homeHits() {
        return homeHits;
    }

    /** @return homeHits / homeReads (1 when there was no read) */
    public double homeHitRate() {
        return homeReads == 0 ? 1 : (double) homeHits / homeReads;
    }

    /** @return lines read from DRAM (slice misses, first touches included) */
    public long dramReads() {
        return dramReads;
    }

    /** @return dirty lines written back to DRAM (slice evictions) */
    public long dramWrites() {
        return dramWrites;
    }

    /** @return DRAM reads plus writes */
    public long dramAccesses() {
        return dramReads + dramWrites;
    }

    /** @return distinct homes that served at least one request */
    public int homesTouched() {
        int n = 0;
        for (final long word : touched) {
            n += Long.bitCount(word);
        }
        return n;
    }
}

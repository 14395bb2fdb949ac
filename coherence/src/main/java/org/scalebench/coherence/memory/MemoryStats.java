package org.scalebench.coherence.memory;

/**
 * Counters of {@link HomeMemory}: reads at the homes and how many the slices held, DRAM reads and writes,
 * queueing delay at home ports and controllers, the traffic between homes and controllers, which homes
 * served a request, and the machine time elapsed. Updated in place (no allocation); read after the run;
 * {@link #reset} zeroes them (the simulator does after warm-up).
 */
public final class MemoryStats {

    long homeReads;
    long homeHits;
    long dramReads;
    long dramWrites;
    long queueCycles;
    long queuedBookings;
    long bookings;
    long messages;
    long bytes;
    long flitHops;
    long machineCycles;
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
        queueCycles = 0;
        queuedBookings = 0;
        bookings = 0;
        messages = 0;
        bytes = 0;
        flitHops = 0;
        machineCycles = 0;
        java.util.Arrays.fill(touched, 0);
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

    /** @return cycles requests waited for a busy home port or controller, summed */
    public long queueCycles() {
        return queueCycles;
    }

    /** @return bookings of a home port or controller that had to wait */
    public long queuedBookings() {
        return queuedBookings;
    }

    /** @return bookings of a home port or controller */
    public long bookings() {
        return bookings;
    }

    /** @return messages between homes and memory controllers */
    public long messages() {
        return messages;
    }

    /** @return bytes of those messages */
    public long bytes() {
        return bytes;
    }

    /** @return flit-hops of those messages */
    public long flitHops() {
        return flitHops;
    }

    /** @return machine cycles elapsed (the mean core's time; see {@link HomeMemory}) */
    public long machineCycles() {
        return machineCycles;
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

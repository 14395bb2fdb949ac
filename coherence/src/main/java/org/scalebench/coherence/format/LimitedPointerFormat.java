package org.scalebench.coherence.format;

/**
 * {@code dir-b-<i>} and {@code dir-nb-<i>}: i pointers of ceil(log2 N) bits per entry (Agarwal, Simoni,
 * Hennessy, Horowitz, ISCA 1988). On overflow Dir_i B enters a broadcast state (invalidate every core; the
 * same policy as PriME's limited-pointer directory and OpenPiton's B state), and Dir_i NB invalidates the
 * oldest tracked sharer to make room (exact at all times, at the price of extra invalidations).
 *
 * <pre>
 *   pointers[entry * i + k]   global core of pointer k, k &lt; count[entry]   (oldest first)
 *   count[entry]              valid pointers; bit 7 = broadcast (Dir_i B only)
 * </pre>
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
public final class LimitedPointerFormat extends AbstractDirectoryFormat {

    private static final int BROADCAST = 0x80;
    private static final int COUNT = 0x7F;

    private final int slots;
    private final boolean broadcastOnOverflow;
    private final int[] pointers;
    private final byte[] count;

    /**
     * Creates the format.
     *
     * @param spec {@code dir-b-<i>} or {@code dir-nb-<i>}
     * @param capacity directory entries
     * @param cores cores tracked
     */
    public LimitedPointerFormat(final FormatSpec spec, final int capacity, final int cores) {
        super(spec, capacity, cores);
        if (spec.kind() != FormatSpec.Kind.DIR_B && spec.kind() != FormatSpec.Kind.DIR_NB) {
            throw new IllegalArgumentException("format " + spec + ": not a limited-pointer format");
        }
        if ((long) capacity * spec.pointers() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("directory entries = " + capacity + " x pointers = "
                    + spec.pointers() + ": more than one array can hold");
        }
        this.slots = spec.pointers();
        this.broadcastOnOverflow = spec.kind() == FormatSpec.Kind.DIR_B;
        this.pointers = new int[capacity * slots];
        this.count = new byte[capacity];
    }

    @Override
    public int maxTargets() {
        return slots;
    }

    @Override
    public void reset(final int entry) {
        count[entry] = 0;
        owner[entry] = NONE;
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        final int c = count[entry];
        if ((c & BROADCAST) != 0) {
            return NONE;
        }
        final int base = entry * slots;
        for (int k = 0; k < c; k++) {
            if (pointers[base + k] == core) {
                return NONE;
            }
        }
        if (c < slots) {
            pointers[base + c] = core;
            count[entry] = (byte) (c + 1);
            return NONE;
        }
        if (broadcastOnOverflow) {
            count[entry] = (byte) BROADCAST;
            return NONE;
        }
        final int evicted = pointers[base];
        System.arraycopy(pointers, base + 1, pointers, base, slots - 1);
        pointers[base + slots - 1] = core;
        return evicted;
    }

    @Override
    public void removeSharer(final int entry, final int core) {
        final int c = count[entry];
        if ((c & BROADCAST) != 0) {
            return;
        }
        final int base = entry * slots;
        for (int k = 0; k < c; k++) {
            if (pointers[base + k] == core) {
                System.arraycopy(pointers, base + k + 1, pointers, base + k, c - 1 - k);
                count[entry] = (byte) (c - 1);
                return;
            }
        }
    }

    @Override
    public void setOwner(final int entry, final int core, final int sdid) {
        count[entry] = 0;
        owner[entry] = core;
    }

    @Override
    public boolean isBroadcast(final int entry) {
        return (count[entry] & BROADCAST) != 0;
    }

    @Override
    public boolean isEmpty(final int entry) {
        return count[entry] == 0 && owner[entry] == NONE;
    }

    @Override
    public boolean isExact(final int entry) {
        return (count[entry] & BROADCAST) == 0;
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        final int c = count[entry] & COUNT;
        System.arraycopy(pointers, entry * slots, out, 0, c);
        return c;
    }
}

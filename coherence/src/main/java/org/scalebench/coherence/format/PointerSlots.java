package org.scalebench.coherence.format;

import org.scalebench.core.Bits;

/**
 * The pointer field shared by the limited-pointer formats: up to {@code i} core pointers per entry, oldest
 * first, and one overflow bit whose meaning the format gives (broadcast for Dir_i B, coarse mode for the
 * coarse vector).
 *
 * <pre>
 *   pointers[entry * i + k]   global core of pointer k, k &lt; count   (oldest first)
 *   count[entry]              bits 0-6: valid pointers; bit 7: overflowed
 * </pre>
 * Allocation: at construction only. Thread-safety: none.
 */
final class PointerSlots {

    private static final int OVERFLOW = 0x80;
    private static final int COUNT = 0x7F;

    private final int slots;
    private final int[] pointers;
    private final byte[] count;

    PointerSlots(final FormatSpec spec, final int capacity) {
        if ((long) capacity * spec.pointers() > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("directory entries = " + capacity + " x pointers = "
                    + spec.pointers() + ": more than one array can hold");
        }
        this.slots = spec.pointers();
        this.pointers = new int[capacity * slots];
        this.count = new byte[capacity];
    }

    int slots() {
        return slots;
    }

    /** Valid pointers of an entry. */
    int size(final int entry) {
        return count[entry] & COUNT;
    }

    boolean isOverflowed(final int entry) {
        return (count[entry] & OVERFLOW) != 0;
    }

    /** No pointer and not overflowed. */
    boolean isEmpty(final int entry) {
        return count[entry] == 0;
    }

    /** Drops every pointer and enters the overflow state. */
    void overflow(final int entry) {
        count[entry] = (byte) OVERFLOW;
    }

    void clear(final int entry) {
        count[entry] = 0;
    }

    /** Whether {@code core} is one of the entry's pointers. */
    boolean contains(final int entry, final int core) {
        final int base = entry * slots;
        for (int k = 0, n = count[entry] & COUNT; k < n; k++) {
            if (pointers[base + k] == core) {
                return true;
            }
        }
        return false;
    }

    /** Appends a pointer; the entry must have room ({@code size < slots}). */
    void append(final int entry, final int core) {
        final int c = count[entry];
        pointers[entry * slots + (c & COUNT)] = core;
        count[entry] = (byte) (c + 1);
    }

    /** Drops the oldest pointer, appends {@code core}, and returns the dropped core (the entry must be full). */
    int replaceOldest(final int entry, final int core) {
        final int base = entry * slots;
        final int evicted = pointers[base];
        System.arraycopy(pointers, base + 1, pointers, base, slots - 1);
        pointers[base + slots - 1] = core;
        return evicted;
    }

    /** Removes {@code core}'s pointer if present, keeping the others in order. */
    void remove(final int entry, final int core) {
        final int c = count[entry];
        final int base = entry * slots;
        for (int k = 0, n = c & COUNT; k < n; k++) {
            if (pointers[base + k] == core) {
                System.arraycopy(pointers, base + k + 1, pointers, base + k, n - 1 - k);
                count[entry] = (byte) (c - 1);
                return;
            }
        }
    }

    /** The pointer in position {@code k} (oldest first). */
    int get(final int entry, final int k) {
        return pointers[entry * slots + k];
    }

    /** Copies the valid pointers into {@code out} and returns how many. */
    int copyTo(final int entry, final int[] out) {
        final int n = count[entry] & COUNT;
        System.arraycopy(pointers, entry * slots, out, 0, n);
        return n;
    }
}

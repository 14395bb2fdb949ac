package org.scalebench.coherence.home;

import org.scalebench.core.data.Named;
import java.util.Locale;
import org.scalebench.coherence.LineAddress;

/**
 * Which six physical-address bits feed the Piton home encoder ({@code home_alloc_method} in OpenPiton's
 * {@code l15_csm.v}).
 *
 * <pre>
 *   LOW     addr[11:6]                  consecutive 64-byte lines go to consecutive homes
 *   MIDDLE  addr[19:14]                 16 KiB chunks
 *   HIGH    addr[29:24]                 16 MiB chunks
 *   MIXED   addr[11:6] XOR addr[19:14]  line interleaving, decorrelated from power-of-two strides
 * </pre>
 */
public enum HomeBitSelect implements Named {
    /** {@code addr[11:6]}. */
    LOW(HomeBitSelect.LOW_BIT, 0, 0),
    /** {@code addr[19:14]}. */
    MIDDLE(HomeBitSelect.MIDDLE_BIT, 0, 0),
    /** {@code addr[29:24]}. */
    HIGH(HomeBitSelect.HIGH_BIT, 0, 0),
    /** {@code addr[11:6] ^ addr[19:14]}. */
    MIXED(HomeBitSelect.LOW_BIT, HomeBitSelect.MIDDLE_BIT, HomeBitSelect.HOME_BIT_MASK);

    /** addr[11:6]: the six bits above the line offset. */
    private static final int LOW_BIT = LineAddress.LINE_SHIFT;
    /** addr[19:14]. */
    private static final int MIDDLE_BIT = 14;
    /** addr[29:24]. */
    private static final int HIGH_BIT = 24;
    /** The six home bits. */
    static final long HOME_BIT_MASK = 63;

    /** The lowest bit of the first (or only) field. */
    final int shift;
    /** The lowest bit of the field XORed in ({@code MIXED}; 0 and unused otherwise). */
    final int xorShift;
    /** {@link #HOME_BIT_MASK} when a second field is XORed in, else 0. */
    final long xorMask;

    HomeBitSelect(final int shift, final int xorShift, final long xorMask) {
        this.shift = shift;
        this.xorShift = xorShift;
        this.xorMask = xorMask;
    }

    /**
     * The six home bits of a byte address: {@code (address >>> shift ^ (address >>> xorShift & xorMask)) & 63}, the
     * same instructions for every selection (no switch).
     *
     * @param address a physical byte address
     * @return a value in [0, 64)
     */
    public int bits(final long address) {
        return (int) (((address >>> shift) ^ ((address >>> xorShift) & xorMask)) & HOME_BIT_MASK);
    }

    /**
     * The lowest address bit the selection reads: a byte address {@code pattern << lowestBit()} has home bits
     * {@code pattern} for a pattern in [0, 64).
     *
     * @return 6 for {@code LOW} and {@code MIXED} (the first bit above the line offset), 14, or 24
     */
    public int lowestBit() {
        return shift;
    }

    /**
     * Parses a CLI name ({@code low}, {@code middle}, {@code high}, {@code mixed}).
     *
     * @param name the name, any case
     * @return the selection
     * @throws IllegalArgumentException naming the allowed values
     */
    public static HomeBitSelect parse(final String name) {
        return Named.parse(HomeBitSelect.class, "home bit selection", name);
    }

    /**
     * The CLI name.
     *
     * @return the lower-case name
     */
    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}

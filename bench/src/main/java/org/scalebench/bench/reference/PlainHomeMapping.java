package org.scalebench.bench.reference;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.home.HomeBitSelect;

/**
 * The restricted home mappings computed the plain way, per access, from their definitions: the same functions as
 * {@link org.scalebench.coherence.home.HomeMapping} (not a modulo), written as a reader of OpenPiton's
 * {@code l15_home_encoder.v} or of Knuth's multiplicative hashing would write them. Reference of the home
 * mapping's differential check and second baseline of its benchmarks (beside {@link ModuloHomeMapping}, the
 * modulo a user would otherwise write).
 *
 * <ul>
 *   <li>{@code piton}: the selection's six address bits by a switch, then the encoder's mask and fold with
 *       {@code k = ceil(log2 n)} from a leading-zero count, then the domain's table;</li>
 *   <li>{@code uniform}: the line index times {@code 0x9E3779B97F4A7C15}, then the top 32 bits of that times
 *       {@code n}, divided by {@code 2^32}, then the domain's table.</li>
 * </ul>
 */
public final class PlainHomeMapping {

    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;
    private static final long TWO_32 = 1L << 32;

    private PlainHomeMapping() {
    }

    /**
     * The six home bits of a byte address under a selection.
     *
     * @param address the byte address
     * @param select the selection
     * @return the bits, in [0, 64)
     */
    public static int homeBits(final long address, final HomeBitSelect select) {
        return switch (select) {
            case LOW -> (int) (address >>> 6) & 63;
            case MIDDLE -> (int) (address >>> 14) & 63;
            case HIGH -> (int) (address >>> 24) & 63;
            case MIXED -> (int) ((address >>> 6) ^ (address >>> 14)) & 63;
        };
    }

    /**
     * OpenPiton's logical home: mask to {@code k = ceil(log2 homes)} bits, and fold a pattern at or above
     * {@code homes} onto the lower half by dropping its top bit.
     *
     * @param bits the six home bits
     * @param homes the domain size, in [1, 64]
     * @return the logical home id
     */
    public static int pitonLogicalHome(final int bits, final int homes) {
        final int k = homes == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(homes - 1);
        final int masked = bits & ((1 << k) - 1);
        return masked < homes ? masked : masked - (1 << (k - 1));
    }

    /**
     * The {@code uniform} mapping's logical home: {@code floor(top * n / 2^32)} with {@code top} the top 32 bits of
     * the hashed line index.
     *
     * @param address the byte address
     * @param homes the domain size, in [1, 64]
     * @return the logical home id
     */
    public static int uniformLogicalHome(final long address, final int homes) {
        final long hashed = (address >>> LineAddress.LINE_SHIFT) * GOLDEN;
        final long top = hashed >>> 32;
        return (int) (top * homes / TWO_32);
    }

    /**
     * The home tile of an access under {@code piton} with the given selection.
     *
     * @param address the byte address
     * @param select the bit selection
     * @param homes the domain size
     * @param table the domain's home tiles
     * @return the home tile
     */
    public static int pitonHome(final long address, final HomeBitSelect select, final int homes, final int[] table) {
        return table[pitonLogicalHome(homeBits(address, select), homes)];
    }

    /**
     * The home tile of an access under {@code uniform}.
     *
     * @param address the byte address
     * @param homes the domain size
     * @param table the domain's home tiles
     * @return the home tile
     */
    public static int uniformHome(final long address, final int homes, final int[] table) {
        return table[uniformLogicalHome(address, homes)];
    }
}

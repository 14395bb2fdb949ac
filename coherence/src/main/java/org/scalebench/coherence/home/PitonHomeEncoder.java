package org.scalebench.coherence.home;

import org.scalebench.core.Bits;

/**
 * The home encoder of OpenPiton's CDR hardware ({@code l15_home_encoder.v}, identical to PriME's
 * {@code allocHomeId}; docs/cdr-model.md): six address bits to a logical home in a
 * home domain of {@code n} homes, with a mask and a fold instead of a divider.
 *
 * <pre>
 *   k    = ceil(log2 n)                       (n = 0 encodes 64 in hardware; here n is 1..64)
 *   m    = bits &amp; (2^k - 1)
 *   lhid = m &lt; n ? m : m &amp; (2^(k-1) - 1)     fold the overflow [n, 2^k) onto the lower half
 * </pre>
 *
 * The fold is deliberately kept: when {@code n} is not a power of two, logical homes
 * {@code n - 2^(k-1)} .. {@code 2^(k-1) - 1} receive two of the {@code 2^k} bit patterns each and the others
 * one (for n = 5: homes 1, 2, 3 get 2/8 of the lines, homes 0 and 4 get 1/8). {@link #weight} gives the
 * exact share for tests and reports.
 *
 * <p>{@link #encode} reads the result from a table of every (size, bits) pair, built once from the formula
 * above: 65 x 64 bytes, one load where the formula takes a leading-zero count, two shifts, a compare and a
 * conditional move.
 *
 * <p>Allocation: none (the 4 KiB table is built when the class loads). Thread-safety: stateless.
 */
public final class PitonHomeEncoder {

    /** Largest home domain the 6-bit logical home id can address. */
    public static final int MAX_HOMES = 64;

    /** Patterns of six home bits. */
    private static final int PATTERNS = 64;
    /** {@code ENCODED[homes * 64 + bits]}: the logical home of {@code bits} in a domain of {@code homes}. */
    private static final byte[] ENCODED = new byte[(MAX_HOMES + 1) * PATTERNS];

    static {
        for (int homes = 1; homes <= MAX_HOMES; homes++) {
            for (int bits = 0; bits < PATTERNS; bits++) {
                ENCODED[homes * PATTERNS + bits] = (byte) encodeByFormula(bits, homes);
            }
        }
    }

    private PitonHomeEncoder() {
    }

    /**
     * Encodes six home bits to a logical home id. Unchecked, on the access path: the caller guarantees both ranges
     * (an {@code assert} checks them when assertions are enabled). Out of range the table is read at another
     * (size, bits) pair: {@code encode(64 + b, n)} is {@code encode(b, n + 1)}, a logical home that may be
     * {@code n} itself, and {@code encode(b, 0)} is 0 where the hardware reads size 0 as 64.
     *
     * @param homeBits the selected address bits, in [0, 64)
     * @param homes the home-domain size, in [1, 64] (validated at configuration, not here)
     * @return the logical home id in [0, homes)
     */
    public static int encode(final int homeBits, final int homes) {
        assert homeBits >= 0 && homeBits < PATTERNS && homes >= 1 && homes <= MAX_HOMES
                : "homeBits = " + homeBits + ", homes = " + homes + ": must be in [0, " + PATTERNS + ") and [1, "
                        + MAX_HOMES + "]";
        return ENCODED[homes * PATTERNS + homeBits];
    }

    /** The encoder's formula (see the class comment), from which the table is built. */
    static int encodeByFormula(final int homeBits, final int homes) {
        final int k = Bits.ceilLog2(homes); // 0 for one home
        final int m = homeBits & ((1 << k) - 1);
        return m < homes ? m : m & ((1 << (k - 1)) - 1);
    }

    /**
     * How many of the {@code 2^ceil(log2 homes)} masked bit patterns land on {@code lhid}: 1 or 2 (the skew).
     *
     * @param lhid a logical home id in [0, homes)
     * @param homes the home-domain size in [1, 64]
     * @return the number of patterns mapping to {@code lhid}
     */
    public static int weight(final int lhid, final int homes) {
        final int k = Bits.ceilLog2(homes);
        final int patterns = 1 << k;
        final int folded = patterns - homes;           // patterns m in [homes, 2^k) fold to m - 2^(k-1)
        final int foldStart = homes - (patterns >> 1); // first logical home receiving a folded pattern
        return (lhid >= foldStart && lhid < foldStart + folded) ? 2 : 1;
    }

    /**
     * Checks a home-domain size at configuration time.
     *
     * @param homes the size
     * @return {@code homes}
     * @throws IllegalArgumentException if outside [1, 64]
     */
    public static int checkHomes(final int homes) {
        if (homes < 1 || homes > MAX_HOMES) {
            throw new IllegalArgumentException("home domain size = " + homes + ": must be in [1, " + MAX_HOMES
                    + "] (the logical home id has 6 bits)");
        }
        return homes;
    }
}

package org.scalebench.coherence.home;

import org.scalebench.core.Checks;

/**
 * Exact unsigned 64-bit remainder {@code line mod d} by a divisor fixed at construction, without a divide
 * instruction: Barrett reduction with the 64-bit reciprocal {@code m = floor((2^64 - 1) / d)}.
 *
 * <pre>
 *   q = floor(line * m / 2^64)        (the unsigned high product; q &lt;= floor(line / d), short by at most 2)
 *   r = line - q * d                  (mod 2^64, so exact whatever the wrap)
 *   while r &gt;= d (unsigned): r -= d   (at most two corrections)
 * </pre>
 * With {@code e = 2^64 - 1 - m * d < d}, {@code line * m / 2^64 = line / d - line * (e + 1) / (d * 2^64)}
 * and the second term is below 1 for {@code line < 2^64}; truncating the product loses less than 1 more,
 * so the estimate is low by at most 2. This is the home of line-interleaved placement ({@code home =
 * line mod H}, Graphite's and PriME's rule) over the whole 64-bit line index: the address bits above bit 32
 * (where the workloads put their domains) take part.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable.
 */
public final class LineModulo {

    private final long divisor;
    private final long reciprocal;

    /**
     * Prepares reduction modulo {@code divisor}.
     *
     * @param divisor the divisor, in [1, 2^31 - 1]
     */
    public LineModulo(final int divisor) {
        Checks.requireAtLeast("divisor", divisor, 1);
        this.divisor = divisor;
        this.reciprocal = Long.divideUnsigned(-1L, divisor);
    }

    /**
     * The divisor.
     *
     * @return d
     */
    public int divisor() {
        return (int) divisor;
    }

    /**
     * {@code line mod d}, reading {@code line} as unsigned.
     *
     * @param line any 64-bit value, read as unsigned
     * @return the remainder in [0, d)
     */
    public int remainder(final long line) {
        // unsigned high product: the signed one plus the corrections for negative operands
        final long q = Math.multiplyHigh(line, reciprocal) + ((line >> 63) & reciprocal) + ((reciprocal >> 63) & line);
        long r = line - q * divisor;
        if (Long.compareUnsigned(r, divisor) >= 0) {
            r -= divisor;
            if (Long.compareUnsigned(r, divisor) >= 0) {
                r -= divisor;
            }
        }
        return (int) r;
    }
}

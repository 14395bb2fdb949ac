package org.scalebench.coherence.sim;

/**
 * How many accesses a run simulates before it starts counting, and how steadiness is judged.
 *
 * <p>The warm-up is cut into windows of {@code window} accesses and the miss rate of each window is kept.
 * The caches are <em>steady</em> when two consecutive window-to-window changes of the miss rate are both
 * within {@code tolerance} (relative) of the earlier window. With {@link #untilSteady} the run warms until
 * steady or until {@code max} accesses (then it is reported as not steady); with {@link #fixed} it warms
 * exactly {@code max} accesses and reports whether the last windows were steady.
 *
 * @param max warm-up accesses (fixed), or the most to simulate (until steady), at least 0
 * @param window accesses per window, at least 1
 * @param tolerance relative change allowed between windows, in (0, 1)
 * @param untilSteady stop as soon as steady
 */
public record Warmup(long max, long window, double tolerance, boolean untilSteady) {

    /** Relative change of the miss rate between windows taken as steady. */
    public static final double DEFAULT_TOLERANCE = 0.02;

    /** Validates. */
    public Warmup {
        if (max < 0) {
            throw new IllegalArgumentException("warm-up = " + max + ": must be at least 0");
        }
        if (window < 1) {
            throw new IllegalArgumentException("warm-up window = " + window + ": must be at least 1");
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("warm-up tolerance = " + tolerance + ": must be in (0, 1)");
        }
    }

    /**
     * Exactly {@code accesses} of warm-up, in windows of the machine's size.
     *
     * @param accesses warm-up accesses
     * @param system the machine
     * @return the plan
     */
    public static Warmup fixed(final long accesses, final SystemSpec system) {
        return new Warmup(accesses, defaultWindow(system), DEFAULT_TOLERANCE, false);
    }

    /**
     * Warm until the miss rate is steady, at most {@code max} accesses.
     *
     * @param max the most warm-up accesses
     * @param system the machine
     * @return the plan
     */
    public static Warmup untilSteady(final long max, final SystemSpec system) {
        return new Warmup(max, defaultWindow(system), DEFAULT_TOLERANCE, true);
    }

    /**
     * The default window: 256 accesses per core (at least 262,144 accesses).
     *
     * @param system the machine
     * @return accesses per window
     */
    public static long defaultWindow(final SystemSpec system) {
        return Math.max(1L << 18, 256L * system.cores());
    }
}

package org.scalebench.coherence.sim;

import org.scalebench.core.Checks;

/**
 * How many accesses a run simulates before it starts counting, and how steadiness is judged.
 *
 * <p>The warm-up is cut into windows of {@code perCore} accesses per issuing core (at least
 * {@value #MIN_WINDOW}) and the miss rate of each window is kept. The caches are <em>steady</em> when two
 * consecutive window-to-window changes of the miss rate are both within {@code tolerance} (relative) of the
 * earlier window. With {@link #untilSteady} the run warms until steady or until {@code max} accesses (then it
 * is reported as not steady); with {@link #fixed} it warms exactly {@code max} accesses and reports whether
 * its last windows were steady.
 *
 * <p>A {@linkplain #functionally() functional} warm-up performs its windows on the caches and directories only
 * ({@link FunctionalWarmup}), then times a last stretch of {@link #timedTail} accesses so that the queues, the
 * links and the misses in flight are filled when counting starts; {@code max} counts both.
 *
 * <p>{@code threads} is how many host threads a functional warm-up may use ({@link FunctionalWarmup}), or
 * {@link #AUTO_THREADS}: the host's processors shared among the simulations this process runs at once, decided when a
 * run starts ({@link #autoThreads}); the result
 * does not depend on it.
 *
 * @param max warm-up accesses (fixed), or the most to simulate (until steady), at least 0
 * @param perCore accesses per issuing core in a window, at least 1
 * @param tolerance relative change allowed between windows, in (0, 1)
 * @param untilSteady stop as soon as steady
 * @param functional warm the windows functionally, then time the tail
 * @param threads host threads for the functional windows, 1 to {@link FunctionalWarmup#MAX_THREADS}, or
 *     {@link #AUTO_THREADS}
 * @param settle settle the run's timing after the warm-up ({@link #settleWindow}); off only where a fixed number of
 *     accesses matters more than a steady machine (the engine's benchmark)
 */
public record Warmup(long max, long perCore, double tolerance, boolean untilSteady, boolean functional,
        int threads, boolean settle) {

    /** Relative change of the miss rate between windows taken as steady. */
    public static final double DEFAULT_TOLERANCE = 0.02;
    /** Accesses per issuing core in a window. */
    public static final long DEFAULT_PER_CORE = 1024;
    /** The shortest window. */
    public static final long MIN_WINDOW = 1L << 18;
    /**
     * Accesses per issuing core timed after a functional warm-up (at least four {@link #MIN_WINDOW}s in all): about
     * eight misses per core at a 13% miss rate, so that cores blocking on misses of 10^5-10^6 cycles reach their
     * steady share of blocked time before counting. With 16 (about two misses), wsc1m with every core active
     * started counting with 15% of its cores blocked and issued 2 M counted accesses within 57 cycles: a transient.
     */
    public static final long TAIL_PER_CORE = 64;

    /**
     * Accesses per issuing core in a window of the settling that follows every warm-up of an endless workload (at least
     * {@link #SETTLE_MIN_WINDOW}): as long as the timed tail, several misses per core.
     */
    public static final long SETTLE_PER_CORE = 64;
    /**
     * The shortest settling window, as long as the shortest warm-up window: with 2,048 cores active on wsc1m, windows of
     * 131,072 accesses moved by more than 2% from one to the next in a machine that kept Little's law (noise, not a
     * trend), and settling ran out of windows.
     */
    public static final long SETTLE_MIN_WINDOW = MIN_WINDOW;
    /**
     * Settling windows a run may take before it counts regardless, reported as not settled. On wsc1m with every core
     * active (hr/dir-b-4), the throughput was steady from the third window after the functional part.
     */
    public static final int SETTLE_MAX_WINDOWS = 12;
    /**
     * Relative change of the throughput between settling windows taken as steady. Settling removes transients of 2x
     * and more; the counted part is then held to Little's law ({@link SimulationResult#littlesLawRatio}). At 2%, runs
     * with 2,048 cores active on wsc1m that kept the law within 2.2% ran out of windows on noise alone.
     */
    public static final double SETTLE_TOLERANCE = 0.05;

    /**
     * A settling window: {@value #SETTLE_PER_CORE} accesses per issuing core, at least {@value #SETTLE_MIN_WINDOW}.
     *
     * <p>Settling is per run, after the warm-up that a comparison's runs share: the caches are steady after the
     * warm-up, but the machine's timing (the misses in flight, the queues) may not be. After an untimed warm-up every
     * core starts its timed part at the same moment, and with misses of 10^5-10^6 cycles the cores then move in waves
     * for a while (measured on wsc1m with every core active: 64 M accesses in 1.27 M cycles, the next 64 M in 0.14 M,
     * then 1.28 M cycles per 64 M steadily). A run therefore keeps simulating timed windows, uncounted, until its
     * throughput (accesses per machine cycle) changes by at most {@value #SETTLE_TOLERANCE} between two consecutive pairs
     * of windows, at most {@value #SETTLE_MAX_WINDOWS} windows.
     *
     * @param issuingCores cores that issue accesses
     * @return accesses per window
     */
    public static long settleWindow(final int issuingCores) {
        return Math.max(SETTLE_MIN_WINDOW, SETTLE_PER_CORE * issuingCores);
    }

    /** Validates. */
    public Warmup {
        Checks.requireAtLeast("warm-up", max, 0);
        if (perCore < 1) {
            throw new IllegalArgumentException("warm-up window = " + perCore + " accesses per core: must be at least 1");
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("warm-up tolerance = " + tolerance + ": must be in (0, 1)");
        }
        if (threads != AUTO_THREADS) {
            FunctionalWarmup.requireThreads("warm-up threads", threads);
        }
    }

    /**
     * {@code threads} for "decide when the run starts": the host's processors divided among the simulations running
     * at once in this process ({@link #autoThreads}), so that a study running two points at a time on two cores gives
     * each one thread instead of four threads contending for two cores.
     */
    public static final int AUTO_THREADS = 0;

    /**
     * The threads an {@link #AUTO_THREADS} warm-up takes: {@code processors / running}, at least 1.
     *
     * @param processors the host's processors, at least 1
     * @param running simulations running in this process, this one included, at least 1
     * @return at least 1
     */
    public static int autoThreads(final int processors, final int running) {
        Checks.requireAtLeast("processors", processors, 1);
        Checks.requireAtLeast("running simulations", running, 1);
        return Math.max(1, Math.min(FunctionalWarmup.MAX_THREADS, processors / running));
    }

    /**
     * A plan that settles after the warm-up ({@link #settleWindow}).
     *
     * @param max warm-up accesses (fixed), or the most to simulate (until steady), at least 0
     * @param perCore accesses per issuing core in a window, at least 1
     * @param tolerance relative change allowed between windows, in (0, 1)
     * @param untilSteady stop as soon as steady
     * @param functional warm the windows functionally, then time the tail
     * @param threads host threads for the functional windows, or {@link #AUTO_THREADS}
     */
    public Warmup(final long max, final long perCore, final double tolerance, final boolean untilSteady,
            final boolean functional, final int threads) {
        this(max, perCore, tolerance, untilSteady, functional, threads, true);
    }

    /**
     * The same plan without settling: counting starts right after the warm-up, so a run simulates exactly the
     * warm-up and counted accesses asked for, whether or not its timing is steady then.
     *
     * @return the plan
     */
    public Warmup withoutSettling() {
        return new Warmup(max, perCore, tolerance, untilSteady, functional, threads, false);
    }

    /**
     * A plan on one host thread.
     *
     * @param max warm-up accesses (fixed), or the most to simulate (until steady), at least 0
     * @param perCore accesses per issuing core in a window, at least 1
     * @param tolerance relative change allowed between windows, in (0, 1)
     * @param untilSteady stop as soon as steady
     * @param functional warm the windows functionally, then time the tail
     */
    public Warmup(final long max, final long perCore, final double tolerance, final boolean untilSteady,
            final boolean functional) {
        this(max, perCore, tolerance, untilSteady, functional, 1);
    }

    /**
     * A timed warm-up.
     *
     * @param max warm-up accesses (fixed), or the most to simulate (until steady), at least 0
     * @param perCore accesses per issuing core in a window, at least 1
     * @param tolerance relative change allowed between windows, in (0, 1)
     * @param untilSteady stop as soon as steady
     */
    public Warmup(final long max, final long perCore, final double tolerance, final boolean untilSteady) {
        this(max, perCore, tolerance, untilSteady, false);
    }

    /**
     * Exactly {@code accesses} of warm-up.
     *
     * @param accesses warm-up accesses
     * @return the plan
     */
    public static Warmup fixed(final long accesses) {
        return new Warmup(accesses, DEFAULT_PER_CORE, DEFAULT_TOLERANCE, false);
    }

    /**
     * Warm until the miss rate is steady, at most {@code max} accesses.
     *
     * @param max the most warm-up accesses
     * @return the plan
     */
    public static Warmup untilSteady(final long max) {
        return new Warmup(max, DEFAULT_PER_CORE, DEFAULT_TOLERANCE, true);
    }

    /**
     * The same judgement with a fixed length (what the runs after the first of a comparison use).
     *
     * @param accesses warm-up accesses
     * @return the plan
     */
    public Warmup fixedAt(final long accesses) {
        return new Warmup(accesses, perCore, tolerance, false, functional, threads, settle);
    }

    /**
     * The same plan, its windows warmed functionally and a timed tail after them.
     *
     * @return the plan
     */
    public Warmup functionally() {
        return new Warmup(max, perCore, tolerance, untilSteady, true, threads, settle);
    }

    /**
     * The same plan on {@code threads} host threads (used by a functional warm-up's windows; the result is the same
     * for every count).
     *
     * @param threads 1 to {@link FunctionalWarmup#MAX_THREADS}, or {@link #AUTO_THREADS}
     * @return the plan
     */
    public Warmup withThreads(final int threads) {
        return new Warmup(max, perCore, tolerance, untilSteady, functional, threads, settle);
    }

    /**
     * The same plan with room, when it warms until steady, for {@code windows} windows and (warming functionally) the
     * timed tail: {@code max} raised to that if it is lower. A fixed warm-up is returned as it is.
     *
     * @param windows windows the warm-up may take, at least 1
     * @param issuingCores cores that issue accesses
     * @return the plan
     */
    public Warmup withRoomFor(final int windows, final int issuingCores) {
        Checks.requireAtLeast("windows", windows, 1);
        if (!untilSteady) {
            return this;
        }
        final long room = windows * window(issuingCores) + (functional ? tailLength(issuingCores) : 0);
        return room <= max ? this : new Warmup(room, perCore, tolerance, true, functional, threads, settle);
    }

    /**
     * The accesses timed after the functional windows: {@value #TAIL_PER_CORE} per issuing core, at least four
     * {@link #MIN_WINDOW}s, at most {@code max}; 0 for a timed warm-up (all of it is timed, window by window).
     *
     * @param issuingCores cores that issue accesses
     * @return accesses
     */
    public long timedTail(final int issuingCores) {
        return functional ? Math.min(max, tailLength(issuingCores)) : 0;
    }

    /**
     * The timed tail of a functional warm-up long enough to hold it: {@value #TAIL_PER_CORE} accesses per issuing
     * core, at least four {@link #MIN_WINDOW}s.
     *
     * @param issuingCores cores that issue accesses
     * @return accesses
     */
    public static long tailLength(final int issuingCores) {
        return Math.max(4 * MIN_WINDOW, TAIL_PER_CORE * issuingCores);
    }

    /**
     * The window for a workload.
     *
     * @param issuingCores cores that issue accesses
     * @return accesses per window
     */
    public long window(final int issuingCores) {
        return Math.max(MIN_WINDOW, perCore * issuingCores);
    }
}

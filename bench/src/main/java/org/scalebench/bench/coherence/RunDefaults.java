package org.scalebench.bench.coherence;

import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;

/**
 * What a synthetic run counts and how long it warms when the user does not say: {@code coherence simulate} and
 * {@code compare} without {@code --accesses}, {@code --warmup} and {@code --warmup-mode}, and {@code reproduce}'s
 * runs of wsc1m with every core active, which are to be the runs a user gets from the command line.
 */
public final class RunDefaults {

    /**
     * Counted accesses per issuing core, at least: a core that blocks on misses of 10^5-10^6 cycles must make several
     * of them while counting, or the count samples the burst of hits after the warm-up (measured on wsc1m with every
     * core active: 10 M counted accesses, 10 per core, were issued within 1,774 cycles).
     */
    public static final long COUNTED_PER_CORE = 100;
    /** Counted accesses at least, on a warehouse machine (more than 100,000 cores) and on a chip. */
    static final long COUNTED_WAREHOUSE = 10_000_000;
    static final long COUNTED_CHIP = 20_000_000;
    /** Default upper bound of a steady warm-up: this many times the counted accesses, at least the floor. */
    public static final int STEADY_MAX_FACTOR = 10;
    public static final long STEADY_MAX_FLOOR = 40_000_000;
    /** A warm-up window this long or longer is warmed functionally unless the user says otherwise. */
    public static final long AUTO_FUNCTIONAL_WINDOW = 1L << 26;
    /** A functional steady warm-up may take this many windows (plus the timed tail) unless a maximum is given. */
    public static final int FUNCTIONAL_STEADY_WINDOWS = 12;

    private RunDefaults() {
    }

    /**
     * Counted accesses of a synthetic run: {@value #COUNTED_PER_CORE} per issuing core, at least 10 M on a warehouse
     * machine and 20 M on a chip; a trace's whole length.
     *
     * @param workload the workload
     * @param machine the machine
     * @return accesses
     */
    public static long counted(final Workload workload, final SystemSpec machine) {
        if (workload.length() >= 0) {
            return workload.length();
        }
        return Math.max(machine.cores() > 100_000 ? COUNTED_WAREHOUSE : COUNTED_CHIP,
                COUNTED_PER_CORE * workload.issuingCores().length);
    }

    /**
     * The default upper bound of a steady warm-up for {@code counted} accesses.
     *
     * @param counted counted accesses
     * @return {@value #STEADY_MAX_FACTOR} times them, at least {@value #STEADY_MAX_FLOOR}
     */
    public static long steadyMax(final long counted) {
        return Math.max(STEADY_MAX_FLOOR, counted > Long.MAX_VALUE / STEADY_MAX_FACTOR ? 0
                : STEADY_MAX_FACTOR * counted);
    }

    /**
     * Whether a warm-up is warmed functionally when the user does not say: a synthetic workload whose window exceeds
     * {@link #AUTO_FUNCTIONAL_WINDOW} accesses (more than 65,536 issuing cores).
     *
     * @param plan the warm-up as planned
     * @param workload the workload
     * @return true to warm functionally
     */
    public static boolean functionalByDefault(final Warmup plan, final Workload workload) {
        return workload.length() < 0 && plan.window(workload.issuingCores().length) >= AUTO_FUNCTIONAL_WINDOW;
    }

    /**
     * A functional steady warm-up whose maximum was not given: room for {@value #FUNCTIONAL_STEADY_WINDOWS} windows and
     * the timed tail, so that a machine whose windows are billions of accesses can get steady.
     *
     * @param plan the functional plan
     * @param issuingCores cores that issue accesses
     * @return the plan with that room
     */
    public static Warmup roomy(final Warmup plan, final int issuingCores) {
        return plan.withRoomFor(FUNCTIONAL_STEADY_WINDOWS, issuingCores);
    }

    /**
     * The warm-up of a synthetic run with no warm-up option given: steady, at most {@link #steadyMax}, functional
     * when {@link #functionalByDefault} with {@link #roomy} room.
     *
     * @param counted counted accesses
     * @param workload the workload (synthetic)
     * @return the plan
     */
    public static Warmup warmup(final long counted, final Workload workload) {
        final Warmup timed = Warmup.untilSteady(steadyMax(counted));
        return functionalByDefault(timed, workload) ? roomy(timed.functionally(), workload.issuingCores().length)
                : timed;
    }
}

package org.scalebench.coherence.verify;

import java.util.Locale;
import org.scalebench.coherence.sim.SimulationResult;

/**
 * Sanity checks a timed run must pass whatever its configuration, from queueing theory:
 *
 * <ul>
 *   <li><b>No resource busier than the time allows</b>: a server serves one packet at a time, so its busy time
 *       cannot exceed the elapsed time ({@link #utilization}).</li>
 *   <li><b>Little's law</b>, for the whole closed machine: cores that block on each miss each spend every access's
 *       latency and then the think time, so the mean access latency is the number of cores over the access
 *       throughput less the think time, {@code R = N / X - Z} (the interactive response time law)
 *       ({@link #littlesLaw}). Latencies charged without the cores waiting them, or a clock that runs on while
 *       cores wait (the mean-core clock of an open model), break it.</li>
 *   <li><b>M/D/1</b>: a single server with deterministic service {@code S} under Poisson arrivals at load
 *       {@code rho} has mean wait {@code rho S / (2 (1 - rho))} (Pollaczek-Khinchine); {@link #md1} compares a
 *       measured mean wait with it.</li>
 * </ul>
 * Zero-load latencies are checked by {@link LatencyOracle}. Each check returns null when it holds, else one line
 * saying what is wrong. Stateless.
 */
public final class MachineSanity {

    private MachineSanity() {
    }

    /**
     * The busiest resource or link was busy at most the elapsed time.
     *
     * @param result a timed run
     * @return null, or the violation
     */
    public static String utilization(final SimulationResult result) {
        return result.maxResourceUtilization() <= 1 + 1e-9 ? null : String.format(Locale.ROOT,
                "%s busy %.4f of the time: a server cannot be busier than the time elapsed",
                result.busiestResource(), result.maxResourceUtilization());
    }

    /**
     * Little's law for a closed machine of blocking cores: the mean access latency against cores / throughput less
     * the time between accesses.
     *
     * @param result a timed run of cores with one outstanding miss each
     * @param thinkCycles cycles a core works between accesses
     * @param tolerance relative difference allowed (edge effects: accesses under way when counting starts and ends)
     * @return null, or the violation
     */
    public static String littlesLaw(final SimulationResult result, final double thinkCycles, final double tolerance) {
        final double throughput = result.accessesPerKilocycle() / 1000;
        final double expected = result.activeCores() / throughput - thinkCycles;
        final double measured = result.avgAccessLatencyCycles();
        final double error = Math.abs(measured - expected) / Math.max(expected, 1e-12);
        return error <= tolerance ? null : String.format(Locale.ROOT,
                "mean access latency %.3f cycles, but %d cores at %.5f accesses per cycle with %.1f cycles between "
                        + "accesses give %.3f (%.1f%% apart, allowed %.1f%%)",
                measured, result.activeCores(), throughput, thinkCycles, expected, 100 * error, 100 * tolerance);
    }

    /**
     * The mean wait of an M/D/1 queue.
     *
     * @param rho the server's load, in [0, 1)
     * @param service the deterministic service time
     * @return the mean wait
     */
    public static double md1Wait(final double rho, final double service) {
        return rho * service / (2 * (1 - rho));
    }

    /**
     * A measured mean wait against the M/D/1 mean at the measured load.
     *
     * @param measuredWait the measured mean wait
     * @param rho the measured load
     * @param service the deterministic service time
     * @param tolerance relative difference allowed
     * @return null, or the violation
     */
    public static String md1(final double measuredWait, final double rho, final double service,
            final double tolerance) {
        final double expected = md1Wait(rho, service);
        final double error = Math.abs(measuredWait - expected) / expected;
        return error <= tolerance ? null : String.format(Locale.ROOT,
                "mean wait %.3f cycles at load %.3f, M/D/1 gives %.3f for service %.1f (%.1f%% apart, allowed %.1f%%)",
                measuredWait, rho, expected, service, 100 * error, 100 * tolerance);
    }
}

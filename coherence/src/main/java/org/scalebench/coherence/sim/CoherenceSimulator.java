package org.scalebench.coherence.sim;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.scalebench.coherence.energy.EnergyModel;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryStats;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.timing.Resources;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolStats;
import org.scalebench.core.Checks;
import org.scalebench.core.data.TextLimits;

/**
 * Runs a workload on a machine under one CDR scheme and reports the result. A run builds the machine
 * ({@link MesiProtocol} sized from the {@link SystemSpec}), lets the workload define its domains, warms the
 * caches ({@link Warmup}: a fixed count, or until the miss rate is steady), resets the counters, then
 * simulates {@code accesses} counted ones, in batches.
 *
 * <p>Scheme to configuration: Sharer Restriction uses the {@code cdr-sr} format (another format is
 * rejected), otherwise the given format or the system's baseline; Home Restriction uses the given
 * restricted mapping ({@code piton-low} by default), otherwise global interleaving.
 */
public final class CoherenceSimulator {

    /**
     * Progress of a long run: {@link org.scalebench.core.Progress#update} counts accesses simulated so far and in the
     * run (warm-up included); a run also says when its warm-up ends.
     */
    @FunctionalInterface
    public interface Progress extends org.scalebench.core.Progress {

        /**
         * Reports that the warm-up has ended, before counting starts: a run that must warm exactly as long
         * (Home Restriction beside its global run) can start now rather than after this run's count.
         *
         * @param accesses warm-up accesses simulated
         */
        default void warmed(final long accesses) {
        }

        /**
         * Reports that a functional warm-up's untimed part has ended (before its timed tail): how many accesses it
         * performed and in how much wall time, the part that {@link Warmup#threads()} speeds up.
         *
         * @param accesses untimed accesses performed
         * @param seconds wall seconds they took
         * @param threads host threads it ran on ({@link Warmup#AUTO_THREADS} resolved)
         */
        default void functional(final long accesses, final double seconds, final int threads) {
        }

        /**
         * Reports one settling window: timed accesses after the warm-up, not counted, simulated until the machine's
         * throughput is steady ({@link Warmup#settleWindow}).
         *
         * @param accesses the window's accesses
         * @param accessesPerKilocycle the machine's throughput over the window
         */
        default void settling(final long accesses, final double accessesPerKilocycle) {
        }

        /** Reports nothing. */
        Progress NONE = (done, total) -> { };
    }

    /** Default restricted home mapping: OpenPiton's encoder on the low (line-interleaving) bits. */
    public static final String DEFAULT_RESTRICTED_MAPPING = "piton-low";

    private static final int BATCH = 4096;
    /** How many accesses ahead the private-cache set is touched (measured: about 8% faster on chip1024). */
    private static final int PREFETCH = 8;

    private CoherenceSimulator() {
    }

    /**
     * The directory format a scheme runs with.
     *
     * @param system the machine
     * @param scheme the scheme
     * @param requested the user's format, or null for the default
     * @return the format
     */
    public static FormatSpec formatFor(final SystemSpec system, final Scheme scheme, final String requested) {
        if (scheme == Scheme.HIER) {
            if (requested != null && FormatSpec.parse(requested).kind() != FormatSpec.Kind.HIER) {
                throw new IllegalArgumentException("format = " + TextLimits.quoted(requested) + " with scheme hier: a hierarchical "
                        + "directory tracks sharers exactly (format hier)");
            }
            return FormatSpec.parse("hier");
        }
        if (scheme.sharerRestricted()) {
            if (requested != null && FormatSpec.parse(requested).kind() != FormatSpec.Kind.CDR_SR) {
                throw new IllegalArgumentException("format = " + TextLimits.quoted(requested) + " with scheme " + scheme.id()
                        + ": Sharer Restriction uses cdr-sr");
            }
            return FormatSpec.parse("cdr-sr");
        }
        if (requested == null) {
            return system.baselineFormat();
        }
        final FormatSpec f = FormatSpec.parse(requested);
        if (f.kind() == FormatSpec.Kind.FULL_MAP && system.cores() > (1 << 16)) {
            throw new IllegalArgumentException("format = 'full-map' on " + system.cores() + " cores: a "
                    + system.cores() + "-bit vector per line does not fit in memory; see 'coherence storage'");
        }
        return f;
    }

    /**
     * The home mapping a scheme runs with.
     *
     * @param system the machine
     * @param scheme the scheme
     * @param requested the user's mapping, or null for the default
     * @return the mapping
     */
    public static HomeMapping mappingFor(final SystemSpec system, final Scheme scheme, final String requested) {
        if (scheme == Scheme.HIER) {
            if (requested != null && !HomeMapping.parse(requested, system.homes()).firstTouch()) {
                throw new IllegalArgumentException("homes = " + TextLimits.quoted(requested) + " with scheme hier: a hierarchical "
                        + "directory homes pages where they are first touched (first-touch)");
            }
            return HomeMapping.parse("first-touch", system.homes());
        }
        if (!scheme.homeRestricted()) {
            if (requested != null && HomeMapping.parse(requested, system.homes()).kind() != HomeMapping.Kind.GLOBAL) {
                throw new IllegalArgumentException("homes = " + TextLimits.quoted(requested) + " with scheme " + scheme.id()
                        + ": without Home Restriction lines are interleaved globally (use hr or sr+hr for restricted "
                        + "homes, hier for first-touch)");
            }
            return HomeMapping.parse("global", system.homes());
        }
        final HomeMapping m = HomeMapping.parse(requested == null ? DEFAULT_RESTRICTED_MAPPING : requested,
                system.homes());
        if (!m.restricted()) {
            throw new IllegalArgumentException("homes = " + TextLimits.quoted(requested) + " with scheme " + scheme.id()
                    + ": Home Restriction needs piton[-low|-middle|-high|-mixed] or uniform");
        }
        return m;
    }

    /**
     * Runs one simulation with a fixed warm-up.
     *
     * @param system the machine
     * @param scheme the scheme
     * @param format the user's format or null
     * @param mapping the user's home mapping or null
     * @param workload the access stream (fresh: not yet used)
     * @param warmup accesses simulated before counting, at least 0
     * @param accesses counted accesses, at least 1
     * @param seed the workload's seed (reported)
     * @param progress progress sink
     * @return the result
     */
    public static SimulationResult run(final SystemSpec system, final Scheme scheme, final String format,
            final String mapping, final Workload workload, final long warmup, final long accesses, final long seed,
            final Progress progress) {
        Checks.requireAtLeast("warm-up", warmup, 0);
        return run(system, scheme, format, mapping, workload, Warmup.fixed(warmup), accesses, seed, progress);
    }

    /**
     * Runs a simulation: builds the machine, lets the workload define its domains, warms it (as {@code warmup}
     * says), then counts {@code accesses} accesses and lets the transactions in flight complete.
     *
     * @param system the machine
     * @param scheme the scheme
     * @param format the directory format, or null for the scheme's default
     * @param mapping the home mapping, or null for the scheme's default
     * @param workload the workload
     * @param warmup how long to warm up
     * @param accesses accesses to count, at least 1
     * @param seed the workload's seed (recorded in the result)
     * @param progress told how far the run is
     * @return the result
     */
    public static SimulationResult run(final SystemSpec system, final Scheme scheme, final String format,
            final String mapping, final Workload workload, final Warmup warmup, final long accesses, final long seed,
            final Progress progress) {
        return run(system, scheme, format, mapping, workload, warmup, accesses, seed, progress, null);
    }

    /**
     * Runs a simulation as {@link #run(SystemSpec, Scheme, String, String, Workload, Warmup, long, long, Progress)}
     * does, telling a probe what each counted access reaches (the probe changes nothing the run computes).
     *
     * @param system the machine
     * @param scheme the scheme
     * @param format the directory format, or null for the scheme's default
     * @param mapping the home mapping, or null for the scheme's default
     * @param workload the workload
     * @param warmup how long to warm up
     * @param accesses accesses to count, at least 1
     * @param seed the workload's seed (recorded in the result)
     * @param progress told how far the run is
     * @param probe the partition probe, built on {@code system.network()}, or null
     * @return the result
     */
    public static SimulationResult run(final SystemSpec system, final Scheme scheme, final String format,
            final String mapping, final Workload workload, final Warmup warmup, final long accesses, final long seed,
            final Progress progress, final PartitionProbe probe) {
        RUNNING.incrementAndGet();
        try {
            return simulate(system, scheme, format, mapping, workload, warmup, accesses, seed, progress, probe);
        } finally {
            RUNNING.decrementAndGet();
        }
    }

    /** Simulations running in this process now: what an {@link Warmup#AUTO_THREADS} warm-up shares the host with. */
    private static final AtomicInteger RUNNING = new AtomicInteger();

    private static SimulationResult simulate(final SystemSpec system, final Scheme scheme, final String format,
            final String mapping, final Workload workload, final Warmup warmup, final long accesses, final long seed,
            final Progress progress, final PartitionProbe probe) {
        Checks.requireAtLeast("accesses", accesses, 1);
        if (warmup.max() > Long.MAX_VALUE - accesses) {
            throw new IllegalArgumentException("warm-up + accesses = " + warmup.max() + " + " + accesses
                    + ": must not exceed 2^63 - 1");
        }
        if (workload.length() >= 0 && !warmup.untilSteady() && warmup.max() >= workload.length()) {
            throw new IllegalArgumentException("warm-up = " + warmup.max() + ": must be below the trace's length of "
                    + workload.length() + " accesses");
        }
        final FormatSpec f = formatFor(system, scheme, format);
        final HomeMapping m = mappingFor(system, scheme, mapping);
        final MesiProtocol protocol = new MesiProtocol(system.protocolConfig(f, m));
        workload.defineDomains(protocol.sharerDomains(), protocol.homeDomains());
        final ClosedLoopMachine machine = new ClosedLoopMachine(protocol, workload, system.mshrsPerCore(),
                system.thinkCycles(), CHAINS);
        if (probe != null) {
            protocol.probePartitions(probe);
        }
        final ProtocolStats s = protocol.stats();
        final long start = System.nanoTime();
        // warm-up, window by window, judging steadiness on the miss rate of each window; a functional warm-up
        // performs its windows untimed and times a fixed tail after them
        final long window = warmup.window(Math.min(system.cores(), machine.issuingCores()));
        final long tail = warmup.timedTail(machine.issuingCores());
        final long judged = warmup.max() - tail;
        final int threads = warmup.threads() == Warmup.AUTO_THREADS
                ? Warmup.autoThreads(Runtime.getRuntime().availableProcessors(), RUNNING.get()) : warmup.threads();
        final FunctionalWarmup functional = warmup.functional()
                ? new FunctionalWarmup(protocol, workload, threads) : null;
        long warmed = 0;
        long total = warmup.max() + accesses;
        final Steadiness missRate = new Steadiness(warmup.tolerance());
        while (warmed < judged && !(warmup.untilSteady() && missRate.steady())) {
            final long before = s.accesses();
            final long missesBefore = s.misses();
            final long step = Math.min(window, judged - warmed);
            final long n = functional != null ? runReporting(functional, step, warmed, total, progress)
                    : runReporting(machine, step, warmed, total, progress);
            if (n == 0) {
                break;
            }
            warmed += n;
            if (n == window) {
                missRate.add((double) (s.misses() - missesBefore) / (s.accesses() - before));
            }
        }
        final boolean steady = missRate.steady();
        if (functional != null) {
            progress.functional(warmed, (System.nanoTime() - start) / 1e9, threads);
            protocol.links().discardOffered(); // the untimed traffic was never served: no backlog from it
        }
        if (tail > 0) {
            warmed += runReporting(machine, tail, warmed, warmed + tail + accesses, progress);
        }
        progress.warmed(warmed);
        if (workload.length() >= 0 && warmed >= workload.length()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "warm-up until steady = %,d accesses: used the"
                    + " whole trace of %,d accesses, leaving none to count (a fixed warm-up below the trace's length"
                    + " leaves some)", warmed, workload.length()));
        }
        // settling: this run's own timing, until its throughput is steady (not shared: see Warmup.settleWindow)
        final Settling settling = workload.length() < 0 && warmup.settle()
                ? settle(machine, seed, warmed, accesses, progress) : Settling.NONE;
        final long settle = settling.accesses();
        final boolean settled = settling.steady();
        total = warmed + settle + accesses;
        final long warmedAt = System.nanoTime();
        final long smcLookups0 = protocol.sharerMapLookups();
        final long smcMisses0 = protocol.sharerMapMisses();
        machine.startCounting();
        if (probe != null) {
            probe.reset();
        }
        final long counted = runReporting(machine, accesses, warmed + settle, total, progress);
        final long lastIssue = machine.timeline().now();
        final long end = machine.drain();
        final long finished = System.nanoTime();
        final long from = machine.countedFrom();
        final long elapsed = Math.max(1, end - from);
        final long smcLookups = protocol.sharerMapLookups() - smcLookups0;
        final long smcMisses = protocol.sharerMapMisses() - smcMisses0;
        final MemoryStats mem = s.memory();
        final Resources resources = machine.timeline().resources();
        final double resourceUse = resources.maxUtilization(elapsed);
        final double linkUse = protocol.links().maxUtilization(elapsed);
        final double busiest = Math.max(resourceUse, linkUse);
        final String busiestName = linkUse > resourceUse ? "mesh link"
                : describeResource(system, protocol, resources.busiest());
        final EnergyModel.Directory directory = system.directory(f);
        final EnergyModel.Breakdown energy = system.energyModel().estimate(directory, s.flitHops(),
                s.directoryAccesses(), mem.dramAccesses(), elapsed);
        final double warmSeconds = (warmedAt - start) / 1e9;
        final double countSeconds = (finished - warmedAt) / 1e9;
        return new SimulationResult(system.name(), scheme.id(), f.id(), m.id(), workload.name(), seed, s.accesses(),
                s.missRate(), s.missLatency().mean(), s.missLatency().percentile(0.99),
                s.accesses() == 0 ? 0 : (double) s.latencySum() / s.accesses(), s.messages(), s.bytes(),
                s.flitHops(), s.broadcasts(), s.invalidations(), ratio(smcMisses, smcLookups),
                ratio(s.homeMapMisses(), s.homeMapLookups()), s.directoryEvictions(),
                system.storageModel().totalBits(f, system.cores()).longValueExact(),
                directory.storedBits(), mem.homeHitRate(), mem.dramAccesses(),
                ratio(resources.waitCycles(), s.misses()), mem.homesTouched(), elapsed, energy,
                system.broadcastExit().id(), workload.outsideFraction(), warmed, steady, warmSeconds + countSeconds,
                countSeconds > 0 ? counted / countSeconds : 0, machine.issuingCores(), busiest,
                busiest >= ClosedLoopMachine.SATURATION, perKilocycle(counted, lastIssue - from),
                warmSeconds > 0 ? (warmed + settle) / warmSeconds : 0, (double) machine.inFlightTime() / elapsed,
                busiestName, settle, settled, system.mshrsPerCore() > 1 ? Double.NaN
                        : littlesLawRatio(s, system.thinkCycles(), machine, lastIssue - from));
    }

    /** What settling simulated, and whether the throughput was steady at its end. */
    private record Settling(long accesses, boolean steady) {
        static final Settling NONE = new Settling(0, false);
    }

    /**
     * Settles a run's timing before counting. Every core idles once, a random stretch up to the longest latency seen,
     * so that no cohort of cores started together survives; once every stretch is over (two spans at most), timed
     * windows run until the throughput is steady. A miss longer than twice the span completing later (one issued
     * before the stretches and still in flight) means the span was too short for the machine's waves: the cores draw
     * new stretches over the new span.
     */
    private static Settling settle(final ClosedLoopMachine machine, final long seed, final long warmed,
            final long accesses, final Progress progress) {
        long span = Math.max(1, machine.longestLatency());
        machine.desynchronize(span, seed);
        long idleUntil = machine.timeline().now() + 2 * span;
        final long window = Warmup.settleWindow(machine.issuingCores());
        Steadiness pace = new Steadiness(Warmup.SETTLE_TOLERANCE);
        long settled = 0;
        int windows = 0;
        int draws = 1;
        while (machine.timeline().now() < idleUntil || !pace.steady() && windows < Warmup.SETTLE_MAX_WINDOWS) {
            final boolean idling = machine.timeline().now() < idleUntil;
            final long startedAt = machine.timeline().now();
            final long n = runReporting(machine, window, warmed + settled, warmed + settled + window + accesses,
                    progress);
            if (n == 0) {
                break;
            }
            settled += n;
            final double rate = perKilocycle(n, machine.timeline().now() - startedAt);
            progress.settling(n, rate);
            if (machine.longestLatency() > 2 * span && draws < MAX_DRAWS) {
                span = machine.longestLatency();
                machine.desynchronize(span, seed + draws++);
                idleUntil = machine.timeline().now() + 2 * span;
                pace = new Steadiness(Warmup.SETTLE_TOLERANCE);
                windows = 0;
            } else if (!idling) {
                pace.add(rate);
                windows++;
            }
        }
        return new Settling(settled, pace.steady());
    }

    /** The most times settling draws the cores' idle stretches (each over at least twice the span before). */
    private static final int MAX_DRAWS = 8;

    /** Chains the timeline's store starts with (it grows as needed). */
    private static final int CHAINS = 1 << 12;

    /** A queued resource's name: a node's interface (egress or ingress) or a memory controller. */
    private static String describeResource(final SystemSpec system, final MesiProtocol protocol, final int r) {
        final int interfaces = system.network().interfaces();
        if (r < 2 * interfaces) {
            final String unit = system.network() instanceof org.scalebench.coherence.network.MeshInterconnect ? "tile"
                    : "server";
            return unit + " " + (r >>> 1) + " interface " + ((r & 1) == 0 ? "egress" : "ingress");
        }
        return "memory controller " + (r - 2 * interfaces);
    }

    private static double perKilocycle(final long accesses, final long cycles) {
        return 1000.0 * accesses / Math.max(1, cycles);
    }

    /**
     * The counted part's cycles (latencies, think times and gaps of the counted accesses) over the issuing cores' time
     * from the first counted access to the last: 1 in a steady state of a closed machine of cores that block on each
     * miss (Little's law). Cores with more than one miss register overlap their misses, so their latencies add up to
     * more than their time in any state; the run reports NaN (not checked) for them.
     */
    static double littlesLawRatio(final ProtocolStats s, final int think, final ClosedLoopMachine machine,
            final long window) {
        final double spent = (double) s.latencySum() + (double) think * s.accesses() + machine.countedGapCycles();
        return spent / ((double) machine.issuingCores() * Math.max(1, window));
    }

    private static double ratio(final long part, final long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    private static long runReporting(final ClosedLoopMachine machine, final long limit, final long doneBefore,
            final long total, final Progress progress) {
        return runReporting(machine::runFor, limit, doneBefore, total, progress);
    }

    private static long runReporting(final FunctionalWarmup warmup, final long limit, final long doneBefore,
            final long total, final Progress progress) {
        // a pipelined warm-up starts its drawing thread once per step: longer steps keep that cost out of sight
        return runReporting(warmup::run, warmup.threads() > 1 ? PIPELINED_REPORT_EVERY : REPORT_EVERY, limit,
                doneBefore, total, progress);
    }

    private static long runReporting(final java.util.function.LongUnaryOperator run, final long limit,
            final long doneBefore, final long total, final Progress progress) {
        return runReporting(run, REPORT_EVERY, limit, doneBefore, total, progress);
    }

    /** Runs {@code limit} accesses in steps of at most {@code every}, reporting after each step. */
    private static long runReporting(final java.util.function.LongUnaryOperator run, final long every,
            final long limit, final long doneBefore, final long total, final Progress progress) {
        long done = 0;
        while (done < limit) {
            final long n = run.applyAsLong(Math.min(every, limit - done));
            if (n == 0) {
                break;
            }
            done += n;
            progress.update(doneBefore + done, total);
        }
        return done;
    }

    /** Accesses between progress reports. */
    private static final long REPORT_EVERY = 1 << 16;
    /**
     * Accesses between progress reports of a functional warm-up on two threads or more: about half a second (on
     * chip1024, 65,536 accesses a step took 183-225 ns per access, 4,194,304 a step 163-174 ns).
     */
    private static final long PIPELINED_REPORT_EVERY = 1 << 22;
}

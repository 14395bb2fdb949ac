package org.scalebench.coherence.sim;

import org.scalebench.coherence.energy.EnergyModel;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryStats;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolStats;
import org.scalebench.core.Checks;

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

    /** Progress of a long run. */
    @FunctionalInterface
    public interface Progress {
        /**
         * Reports accesses simulated so far.
         *
         * @param done accesses done (warm-up included)
         * @param total accesses in the run (warm-up included)
         */
        void update(long done, long total);

        /**
         * Reports that the warm-up has ended, before counting starts: a run that must warm exactly as long
         * (Home Restriction beside its global run) can start now rather than after this run's count.
         *
         * @param accesses warm-up accesses simulated
         */
        default void warmed(final long accesses) {
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
        if (scheme.sharerRestricted()) {
            if (requested != null && FormatSpec.parse(requested).kind() != FormatSpec.Kind.CDR_SR) {
                throw new IllegalArgumentException("--format " + requested + " with scheme " + scheme.id()
                        + ": Sharer Restriction uses cdr-sr");
            }
            return FormatSpec.parse("cdr-sr");
        }
        if (requested == null) {
            return system.baselineFormat();
        }
        final FormatSpec f = FormatSpec.parse(requested);
        if (f.kind() == FormatSpec.Kind.FULL_MAP && system.cores() > (1 << 16)) {
            throw new IllegalArgumentException("--format full-map on " + system.cores() + " cores: a "
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
        if (!scheme.homeRestricted()) {
            if (requested != null && HomeMapping.parse(requested, system.homes()).restricted()) {
                throw new IllegalArgumentException("--homes " + requested + " with scheme " + scheme.id()
                        + ": without Home Restriction lines are interleaved globally (use hr or sr+hr)");
            }
            return HomeMapping.parse("global", system.homes());
        }
        final HomeMapping m = HomeMapping.parse(requested == null ? DEFAULT_RESTRICTED_MAPPING : requested,
                system.homes());
        if (!m.restricted()) {
            throw new IllegalArgumentException("--homes global with scheme " + scheme.id()
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
     * Runs one simulation: builds the machine, lets the workload define its domains, warms the caches as
     * {@code warmup} says, then counts {@code accesses}. Records of a trace are never dropped between warm-up and
     * counting; a fixed warm-up at or beyond a trace's length, or a warm-up and count summing beyond 2^63 - 1,
     * is refused.
     *
     * @param system the machine
     * @param scheme the scheme
     * @param format the user's format or null
     * @param mapping the user's home mapping or null
     * @param workload the access stream (fresh: not yet used)
     * @param warmup the warm-up plan
     * @param accesses counted accesses, at least 1
     * @param seed the workload's seed (reported)
     * @param progress progress sink
     * @return the result
     */
    public static SimulationResult run(final SystemSpec system, final Scheme scheme, final String format,
            final String mapping, final Workload workload, final Warmup warmup, final long accesses, final long seed,
            final Progress progress) {
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
        protocol.setIssuingCores(workload.issuingCores());
        final AccessBatch batch = new AccessBatch(BATCH);
        final long start = System.nanoTime();
        final ProtocolStats s = protocol.stats();
        // warm-up, window by window, judging steadiness on the miss rate of each window
        final long window = warmup.window(Math.min(system.cores(), workload.issuingCores()));
        long warmed = 0;
        long total = warmup.max() + accesses;
        double previous = Double.NaN;
        double change = Double.NaN;
        boolean steady = false;
        while (warmed < warmup.max() && !(warmup.untilSteady() && steady)) {
            final long before = s.accesses();
            final long missesBefore = s.misses();
            final long n = simulate(protocol, workload, batch, Math.min(window, warmup.max() - warmed), warmed, total,
                    progress);
            if (n == 0) {
                break;
            }
            warmed += n;
            if (n == window) {
                final double rate = (double) (s.misses() - missesBefore) / (s.accesses() - before);
                final double thisChange = Math.abs(rate - previous) / Math.max(previous, 1e-12);
                steady = thisChange <= warmup.tolerance() && change <= warmup.tolerance();
                change = thisChange;
                previous = rate;
            }
        }
        total = warmed + accesses;
        progress.warmed(warmed);
        protocol.machineTime(); // settles the machine-time counter before it is zeroed
        protocol.stats().reset();
        final long smcLookups0 = protocol.sharerMapLookups();
        final long smcMisses0 = protocol.sharerMapMisses();
        final long counted = simulate(protocol, workload, batch, accesses, warmed, total, progress);
        final double seconds = (System.nanoTime() - start) / 1e9;
        protocol.machineTime();
        final long smcLookups = protocol.sharerMapLookups() - smcLookups0;
        final long smcMisses = protocol.sharerMapMisses() - smcMisses0;
        final MemoryStats mem = s.memory();
        final long flitHops = s.flitHops() + mem.flitHops();
        final EnergyModel.Breakdown energy = EnergyModel.of(system).estimate(system, f, flitHops,
                s.directoryAccesses(), mem.dramAccesses(), mem.machineCycles());
        return new SimulationResult(system.name(), scheme.id(), f.id(), m.id(), workload.name(), seed, s.accesses(),
                s.missRate(), s.missLatency().mean(), s.missLatency().percentile(0.99),
                s.accesses() == 0 ? 0 : (double) s.latencySum() / s.accesses(), s.messages() + mem.messages(),
                s.bytes() + mem.bytes(), flitHops, s.broadcasts(), s.invalidations(), ratio(smcMisses, smcLookups),
                ratio(s.homeMapMisses(), s.homeMapLookups()), s.directoryEvictions(),
                system.storageModel().totalBits(f, system.cores()).longValueExact(), EnergyModel.storedDirectoryBits(system, f),
                mem.homeHitRate(), mem.dramAccesses(), ratio(mem.queueCycles(), s.misses()), mem.homesTouched(),
                mem.machineCycles(), energy, system.broadcastExit().id(), workload.outsideFraction(), warmed, steady,
                seconds, seconds > 0 ? (warmed + counted) / seconds : 0);
    }

    private static double ratio(final long part, final long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    /**
     * Simulates up to {@code limit} accesses, continuing where the batch stopped: records a phase does not use
     * stay in the batch for the next phase (a trace's records are never dropped).
     *
     * @return how many accesses the workload gave
     */
    private static long simulate(final MesiProtocol protocol, final Workload workload, final AccessBatch batch,
            final long limit, final long doneBefore, final long total, final Progress progress) {
        long done = 0;
        while (done < limit) {
            if (batch.next == batch.size) {
                batch.next = 0;
                batch.size = workload.fill(batch);
                if (batch.size == 0) {
                    break;
                }
            }
            final int from = batch.next;
            final int end = from + (int) Math.min(batch.size - from, limit - done);
            final int[] core = batch.core;
            final boolean[] write = batch.write;
            final long[] address = batch.address;
            final int[] sdid = batch.sdid;
            final int[] hdid = batch.hdid;
            for (int i = from; i < end; i++) {
                final int ahead = i + PREFETCH;
                if (ahead < end) {
                    protocol.prefetch(core[ahead], address[ahead]);
                }
                protocol.access(core[i], write[i], address[i], sdid[i], hdid[i]);
            }
            done += end - from;
            batch.next = end;
            progress.update(doneBefore + done, total);
        }
        return done;
    }
}

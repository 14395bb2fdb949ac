package org.scalebench.coherence.sim;

import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolStats;

/**
 * Runs a workload on a machine under one CDR scheme and reports the result. A run builds the machine
 * ({@link MesiProtocol} sized from the {@link SystemSpec}), lets the workload define its domains, simulates
 * {@code warmup} accesses without counting them, then {@code accesses} counted ones, in batches.
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
     * Runs one simulation.
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
        if (accesses < 1) {
            throw new IllegalArgumentException("accesses = " + accesses + ": must be at least 1");
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("warm-up = " + warmup + ": must be at least 0");
        }
        final FormatSpec f = formatFor(system, scheme, format);
        final HomeMapping m = mappingFor(system, scheme, mapping);
        final MesiProtocol protocol = new MesiProtocol(system.protocolConfig(f, m));
        workload.defineDomains(protocol.sharerDomains(), protocol.homeDomains());
        final AccessBatch batch = new AccessBatch(BATCH);
        final long total = warmup + accesses;
        long done = 0;
        long smcLookups0 = 0;
        long smcMisses0 = 0;
        final long start = System.nanoTime();
        boolean counting = warmup == 0;
        while (done < total) {
            final long phaseEnd = counting ? total : warmup;
            final int n = simulate(protocol, workload, batch, (int) Math.min(BATCH, phaseEnd - done));
            if (n == 0) {
                break;
            }
            done += n;
            progress.update(done, total);
            if (!counting && done == warmup) {
                counting = true;
                protocol.stats().reset();
                smcLookups0 = protocol.sharerMapLookups();
                smcMisses0 = protocol.sharerMapMisses();
            }
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        final ProtocolStats s = protocol.stats();
        final long smcLookups = protocol.sharerMapLookups() - smcLookups0;
        final long smcMisses = protocol.sharerMapMisses() - smcMisses0;
        final long mapLookups = smcLookups + s.homeMapLookups();
        final long mapMisses = smcMisses + s.homeMapMisses();
        final long entryBits = system.storageModel().bitsPerEntry(f, system.cores());
        final double energyPj = s.flitHops() * system.table().number("energy_flit_hop_pj")
                + s.directoryAccesses() * ((entryBits + 63) / 64) * system.table().number("energy_directory_word_pj");
        return new SimulationResult(system.name(), scheme.id(), f.id(), m.id(), workload.name(), seed, s.accesses(),
                s.missRate(), s.missLatency().mean(), s.missLatency().percentile(0.99),
                s.accesses() == 0 ? 0 : (double) s.latencySum() / s.accesses(), s.messages(), s.bytes(), s.flitHops(),
                s.broadcasts(), s.invalidations(), ratio(mapMisses, mapLookups), ratio(smcMisses, smcLookups),
                ratio(s.homeMapMisses(), s.homeMapLookups()), s.directoryEvictions(),
                system.storageModel().totalBits(f, system.cores()), energyPj / 1000.0, seconds,
                seconds > 0 ? done / seconds : 0);
    }

    private static double ratio(final long part, final long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    private static int simulate(final MesiProtocol protocol, final Workload workload, final AccessBatch batch,
            final int limit) {
        int done = 0;
        while (done < limit) {
            final int n = workload.fill(batch);
            if (n == 0) {
                return done;
            }
            final int use = Math.min(n, limit - done);
            final int[] core = batch.core;
            final boolean[] write = batch.write;
            final long[] address = batch.address;
            final int[] sdid = batch.sdid;
            final int[] hdid = batch.hdid;
            for (int i = 0; i < use; i++) {
                final int ahead = i + PREFETCH;
                if (ahead < use) {
                    protocol.prefetch(core[ahead], address[ahead]);
                }
                protocol.access(core[i], write[i], address[i], sdid[i], hdid[i]);
            }
            done += use;
            if (use < n) {
                break; // the rest of the batch is dropped: runs stop at exact counts
            }
        }
        return done;
    }
}

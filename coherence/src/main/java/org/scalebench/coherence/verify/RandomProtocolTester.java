package org.scalebench.coherence.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.home.HomeBitSelect;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolConfig;
import org.scalebench.coherence.protocol.ProtocolStats;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * Random loads and stores on a tiny machine ({@link SystemSpec#shrunk}: 16 cores, 4-line private caches,
 * 4-entry directories per home), checked after every access by {@link CoherenceInvariants} (single writer or
 * many readers, holder list, directory coverage, data) and by the load's value, with the latency of every
 * fourth access compared to the {@link LatencyOracle}'s prediction; every 64 accesses (and at the end) every
 * line of the pool, cached or not, and every map cache are checked. The checks read the machine only.
 *
 * <h2>Stream</h2>
 * <ul>
 *   <li>Four sharer domains of four cores ({@link Placement#compactGroup}); four home domains of 3, 5, 6 and
 *       12 homes (at most the machine's homes), so the Piton encoder folds; page p belongs to both domains
 *       p mod 4.</li>
 *   <li>16 pages at seeded random page-aligned addresses below 1 GiB and 4 lines at random offsets in each,
 *       so address bits [11:6], [19:14] and [29:24] all vary (every {@code piton-*} selection).</li>
 *   <li>Exactly a quarter of the accesses (in expectation) come from a core outside the page's sharer domain
 *       (the public sharer); an eighth present another domain's sharer-domain id (a core whose TLB maps the
 *       page under another domain); a third are stores.</li>
 * </ul>
 * A run is a function of its seed; {@link #replay} re-runs a recorded access list (the replay log of a
 * failing run).
 *
 * <p>Allocation: per run. Thread-safety: a tester may run on one thread at a time.
 */
public final class RandomProtocolTester {

    /**
     * One access of a run, as recorded in a replay log.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer-domain id the core presents
     * @param hdid the page's home domain
     */
    public record Access(int core, boolean write, long address, int sdid, int hdid) {
    }

    /**
     * What a run found, with the protocol events it exercised.
     *
     * @param accesses accesses made
     * @param violations accesses after which a check failed
     * @param firstViolation the first failure, with the access, the line's state and the seed
     * @param broadcasts broadcast invalidation rounds
     * @param evictions private-cache evictions
     * @param directoryEvictions sparse-directory evictions
     * @param overflowInvalidations Dir_i NB overflow invalidations
     * @param superfluousInvalidations invalidations that found no copy
     * @param outsideAccesses accesses from a core outside the page's sharer domain
     * @param foreignIdAccesses accesses presenting another domain's sharer-domain id
     * @param foldedAccesses accesses whose logical home the Piton encoder folded
     * @param latencyChecks accesses whose latency was compared with the oracle
     * @param trace the accesses up to the first violation when recording (else empty)
     */
    public record Report(long accesses, long violations, String firstViolation, long broadcasts, long evictions,
            long directoryEvictions, long overflowInvalidations, long superfluousInvalidations, long outsideAccesses,
            long foreignIdAccesses, long foldedAccesses, long latencyChecks, List<Access> trace) {
        /** @return the closing line {@code checked N accesses, V violations} */
        public String summary() {
            return "checked " + accesses + " accesses, " + violations + " violations";
        }
    }

    /**
     * A deliberately broken machine, for showing that the tester catches a bug: the format under test
     * and parameters of the machine under test that differ from the specified machine the oracle uses.
     *
     * @param formats builds the (broken) format
     * @param machineOverrides parameters replaced in the machine under test only
     */
    record Plant(DirectoryFormatFactory formats, Map<String, String> machineOverrides) {
        static final Plant NONE = new Plant(DirectoryFormats::create, Map.of());
    }

    private static final int PAGES = 16;
    private static final int LINES_PER_PAGE = 4;
    private static final int DOMAINS = 4;
    private static final int[] HOME_DOMAIN_SIZES = {3, 5, 6, 12};

    private final SystemSpec system;
    private final FormatSpec format;
    private final String mapping;
    private final Plant plant;
    /** Home slices that hold every line and nothing queued, so that the oracle's predictions are exact. */
    private final boolean idealMemory;

    /**
     * Prepares a tester.
     *
     * @param base the machine whose parameters are kept (it is shrunk)
     * @param format the directory format under test
     * @param mapping the home mapping under test ({@code global}, {@code piton-*}, {@code uniform})
     */
    public RandomProtocolTester(final SystemSpec base, final FormatSpec format, final String mapping) {
        this(base, format, mapping, Plant.NONE);
    }

    RandomProtocolTester(final SystemSpec base, final FormatSpec format, final String mapping, final Plant plant) {
        this(base, format, mapping, plant, false);
    }

    /**
     * A tester whose machine, and the reference the oracle prices paths by, have ideal home memory
     * ({@link MemoryConfig#ideal} at the system's home data cycles) when {@code idealMemory}: every latency check
     * is then an equality ({@link LatencyOracle#exact}), where the shrunk system's slices and DRAM make it a lower
     * bound.
     */
    RandomProtocolTester(final SystemSpec base, final FormatSpec format, final String mapping, final Plant plant,
            final boolean idealMemory) {
        this.system = base.shrunk();
        this.format = format;
        this.mapping = mapping;
        this.plant = plant;
        this.idealMemory = idealMemory;
        HomeMapping.parse(mapping, system.homes());
    }

    /** The machine's configuration, with ideal home memory when the tester asks for it. */
    private ProtocolConfig configOf(final SystemSpec spec, final HomeMapping homes) {
        final ProtocolConfig config = spec.protocolConfig(format, homes);
        return idealMemory ? config.toBuilder().memory(MemoryConfig.ideal(config.homeDataCycles())).build() : config;
    }

    /** The machine, its domains and its checkers. */
    private final class Machine {
        final HomeMapping homes = HomeMapping.parse(mapping, system.homes());
        final ProtocolConfig reference = configOf(system, homes);
        final DataShadow data;
        final MesiProtocol protocol;
        final CoherenceInvariants invariants;
        final LatencyOracle oracle;
        final int[][] members = new int[DOMAINS][];
        final long[] addresses;

        Machine(final long[] addresses) {
            this.addresses = addresses;
            final long[] lines = Arrays.stream(addresses).map(LineAddress::lineOf).toArray();
            final SystemSpec underTest = plant.machineOverrides().isEmpty() ? system
                    : system.withParameters(plant.machineOverrides(), "planted", "a planted bug");
            this.data = new DataShadow(system.cores(), lines);
            this.protocol = new MesiProtocol(configOf(underTest, homes), plant.formats(), data);
            this.invariants = new CoherenceInvariants(protocol, data);
            this.oracle = new LatencyOracle(protocol, reference);
            final int homeCount = system.homes();
            for (int d = 0; d < DOMAINS; d++) {
                members[d] = Placement.compactGroup(system, d, system.cores() / DOMAINS);
                protocol.sharerDomains().define(d, members[d]);
                protocol.sharerDomains().makePrimary(d);
                final int size = Math.min(HOME_DOMAIN_SIZES[d], homeCount);
                final int[] tiles = new int[size];
                for (int k = 0; k < size; k++) {
                    tiles[k] = (d * homeCount / DOMAINS + k) % homeCount;
                }
                protocol.homeDomains().define(d, tiles);
            }
        }

        boolean isMember(final int domain, final int core) {
            for (final int m : members[domain]) {
                if (m == core) {
                    return true;
                }
            }
            return false;
        }

        /** Performs one access and checks it; returns what is wrong, or null. */
        String perform(final Access a, final boolean checkLatency) {
            if (checkLatency) {
                oracle.predict(a.core(), a.write(), a.address(), a.hdid());
            }
            final long line = LineAddress.lineOf(a.address());
            final long latency = protocol.access(a.core(), a.write(), a.address(), a.sdid(), a.hdid());
            if (a.write()) {
                data.store(a.core(), line);
            } else if (data.copyValue(a.core(), line) != data.latest(line)) {
                return "load returned " + data.copyValue(a.core(), line) + ", the latest store wrote " + data.latest(line);
            }
            final String problem = invariants.checkLine(line,
                    CoherenceInvariants.homeSlice(protocol, a.address(), a.hdid()));
            if (problem != null || !checkLatency) {
                return problem;
            }
            return oracle.judge(latency);
        }

        /** Checks every line of the pool, cached or not, and the map caches. */
        String checkAll() {
            for (int i = 0; i < addresses.length; i++) {
                final long a = addresses[i];
                final String problem = invariants.checkLine(LineAddress.lineOf(a),
                        CoherenceInvariants.homeSlice(protocol, a, domainOfLine(i)));
                if (problem != null) {
                    return "line 0x" + Long.toHexString(a) + ": " + problem;
                }
            }
            return invariants.checkMapCaches();
        }
    }

    private static int domainOfLine(final int lineIndex) {
        return (lineIndex / LINES_PER_PAGE) % DOMAINS;
    }

    /**
     * The line pool of a seed: 16 distinct page-aligned addresses below 1 GiB with 4 distinct line offsets each.
     *
     * @param random the run's generator
     * @return line addresses, page by page
     */
    static long[] linePool(final SplittableRandom random) {
        final long[] addresses = new long[PAGES * LINES_PER_PAGE];
        final long[] pages = new long[PAGES];
        for (int p = 0; p < PAGES; p++) {
            long page;
            do {
                page = random.nextLong(1L << 18) << LineAddress.PAGE_SHIFT;
            } while (contains(pages, p, page));
            pages[p] = page;
            final long[] offsets = new long[LINES_PER_PAGE];
            for (int k = 0; k < LINES_PER_PAGE; k++) {
                long offset;
                do {
                    offset = LineAddress.addressOf(random.nextInt(LineAddress.LINES_PER_PAGE));
                } while (contains(offsets, k, offset));
                offsets[k] = offset;
                addresses[p * LINES_PER_PAGE + k] = page | offset;
            }
        }
        return addresses;
    }

    private static boolean contains(final long[] values, final int n, final long value) {
        for (int i = 0; i < n; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the test.
     *
     * @param accesses accesses to make, at least 1
     * @param seed the seed (printed with any violation)
     * @param stopAtFirst stop at the first violation
     * @param record keep the accesses made, for a replay log of a failing run
     * @return the report
     */
    public Report run(final long accesses, final long seed, final boolean stopAtFirst, final boolean record) {
        Checks.requireAtLeast("accesses", accesses, 1);
        final SplittableRandom random = new SplittableRandom(seed);
        final Machine m = new Machine(linePool(random));
        final Stream stream = new Stream(m, random);
        return drive(m, accesses, stream, stopAtFirst, record, "seed " + seed);
    }

    /**
     * Runs the test without a replay log.
     *
     * @param accesses accesses to make
     * @param seed the seed
     * @param stopAtFirst stop at the first violation
     * @return the report
     */
    public Report run(final long accesses, final long seed, final boolean stopAtFirst) {
        return run(accesses, seed, stopAtFirst, false);
    }

    /**
     * Replays recorded accesses (a replay log) on a fresh machine with the same checks.
     *
     * @param trace the accesses, whose addresses must come from one run's line pool
     * @param seed the seed of the run that recorded them (it fixes the line pool)
     * @return the report
     */
    public Report replay(final List<Access> trace, final long seed) {
        final Machine m = new Machine(linePool(new SplittableRandom(seed)));
        for (final Access a : trace) {
            if (!contains(m.addresses, m.addresses.length, a.address() & -LineAddress.LINE_BYTES) || a.core() < 0
                    || a.core() >= system.cores() || a.sdid() < 0 || a.sdid() >= DOMAINS || a.hdid() < 0
                    || a.hdid() >= DOMAINS) {
                throw new IllegalArgumentException("replayed access " + a + " is not one seed " + seed
                        + " can make (cores [0, " + system.cores() + "), domains [0, " + DOMAINS + "), the seed's lines)");
            }
        }
        final int[] next = {0};
        return drive(m, Math.max(1, trace.size()), (i) -> trace.get(next[0]++), true, false, "replay of seed " + seed);
    }

    /** The random access stream of a run. */
    private static final class Stream implements java.util.function.LongFunction<Access> {
        private final Machine m;
        private final SplittableRandom random;

        Stream(final Machine m, final SplittableRandom random) {
            this.m = m;
            this.random = random;
        }

        @Override
        public Access apply(final long i) {
            final int lineIndex = random.nextInt(m.addresses.length);
            final int domain = domainOfLine(lineIndex);
            final int[] inside = m.members[domain];
            final int cores = m.protocol.config().cores();
            int core;
            if (random.nextInt(4) == 0) {
                do {
                    core = random.nextInt(cores);
                } while (m.isMember(domain, core));
            } else {
                core = inside[random.nextInt(inside.length)];
            }
            final int sdid = random.nextInt(8) == 0 ? (domain + 1 + random.nextInt(DOMAINS - 1)) % DOMAINS : domain;
            return new Access(core, random.nextInt(3) == 0, m.addresses[lineIndex], sdid, domain);
        }
    }

    private Report drive(final Machine m, final long accesses, final java.util.function.LongFunction<Access> next,
            final boolean stopAtFirst, final boolean record, final String origin) {
        final List<Access> trace = new ArrayList<>();
        long violations = 0;
        long outside = 0;
        long foreign = 0;
        long folded = 0;
        long latencyChecks = 0;
        String first = "";
        long done = 0;
        for (long i = 0; i < accesses; i++) {
            final Access a = next.apply(i);
            if (record) {
                trace.add(a);
            }
            outside += m.isMember(a.hdid(), a.core()) ? 0 : 1;
            foreign += a.sdid() != a.hdid() ? 1 : 0;
            folded += folds(m, a) ? 1 : 0;
            final boolean checkLatency = (i & 3) == 0;
            latencyChecks += checkLatency ? 1 : 0;
            String problem;
            boolean broken = false;
            try {
                problem = m.perform(a, checkLatency);
                if (problem == null && ((i & 63) == 63 || i == accesses - 1)) {
                    problem = m.checkAll();
                }
            } catch (final RuntimeException e) {
                problem = "the protocol failed: " + e;
                broken = true;
            }
            done = i + 1;
            if (problem != null) {
                violations++;
                if (violations == 1) {
                    first = "access " + i + " (core " + a.core() + (a.write() ? " store " : " load ") + "0x"
                            + Long.toHexString(a.address()) + ", sharer domain " + a.sdid() + ", home domain " + a.hdid()
                            + "): " + problem + "; format " + format.id() + ", homes " + mapping + ", system "
                            + system.name() + ", " + origin;
                }
                if (stopAtFirst || broken) {
                    break;
                }
            }
        }
        final ProtocolStats s = m.protocol.stats();
        return new Report(done, violations, first, s.broadcasts(), s.evictions(), s.directoryEvictions(),
                s.overflowInvalidations(), s.superfluousInvalidations(), outside, foreign, folded, latencyChecks,
                violations > 0 ? trace : List.of());
    }

    /** Whether the Piton encoder folds this access's home bits (a restricted {@code piton-*} mapping). */
    private static boolean folds(final Machine m, final Access a) {
        if (m.homes.kind() != HomeMapping.Kind.PITON) {
            return false;
        }
        final int size = m.protocol.homeDomains().size(a.hdid());
        final int k = Bits.ceilLog2(size);
        final HomeBitSelect select = HomeBitSelect.parse(m.homes.id().substring("piton-".length()));
        return (select.bits(a.address()) & ((1 << k) - 1)) >= size;
    }
}

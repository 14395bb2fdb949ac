package org.scalebench.coherence.verify;

import java.util.SplittableRandom;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * Random loads and stores from every core of a tiny machine ({@link SystemSpec#shrunk}: 16 cores, 4-line
 * private caches, 4-entry directories per home) on a small set of lines, checking after every access:
 *
 * <ol>
 *   <li>every load returns the value of the latest store to that line;</li>
 *   <li>single writer or multiple readers: at most one E/M copy, and never beside S copies;</li>
 *   <li>the directory covers every copy: an owner is the exclusive holder, otherwise every holder is among
 *       the format's invalidation targets (exactly, for an exact entry) or the entry broadcasts;</li>
 * </ol>
 * for the accessed line, and for every line each 64 accesses. Domains: four sharer and home domains of
 * four cores ({@link Placement#compactGroup}); page p belongs to domain p mod 4; a quarter of the accesses
 * come from cores outside the page's domain (public sharers, broadcasts). Stores write a fresh value.
 */
public final class RandomProtocolTester {

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
     */
    public record Report(long accesses, long violations, String firstViolation, long broadcasts, long evictions,
            long directoryEvictions, long overflowInvalidations) {
        /** @return the closing line {@code checked N accesses, V violations} */
        public String summary() {
            return "checked " + accesses + " accesses, " + violations + " violations";
        }
    }

    private static final int PAGES = 16;
    private static final int LINES_PER_PAGE = 4;
    private static final int DOMAINS = 4;

    private final SystemSpec system;
    private final FormatSpec format;
    private final String mapping;

    /**
     * Prepares a tester.
     *
     * @param base the machine whose parameters are kept (it is shrunk)
     * @param format the directory format under test
     * @param mapping the home mapping under test ({@code global}, {@code piton-*}, {@code uniform})
     */
    public RandomProtocolTester(final SystemSpec base, final FormatSpec format, final String mapping) {
        this.system = base.shrunk();
        this.format = format;
        this.mapping = mapping;
        HomeMapping.parse(mapping, system.homes());
    }

    private static Report report(final long accesses, final long violations, final String first,
            final MesiProtocol protocol) {
        final var s = protocol.stats();
        return new Report(accesses, violations, first, s.broadcasts(), s.evictions(), s.directoryEvictions(),
                s.overflowInvalidations());
    }

    /**
     * Runs the test.
     *
     * @param accesses accesses to make, at least 1
     * @param seed the seed (printed with any violation)
     * @param stopAtFirst stop at the first violation
     * @return the report
     */
    public Report run(final long accesses, final long seed, final boolean stopAtFirst) {
        if (accesses < 1) {
            throw new IllegalArgumentException("accesses = " + accesses + ": must be at least 1");
        }
        final MesiProtocol protocol = new MesiProtocol(system.protocolConfig(format,
                HomeMapping.parse(mapping, system.homes()), true));
        final int cores = system.cores();
        final int[][] members = new int[DOMAINS][];
        for (int d = 0; d < DOMAINS; d++) {
            members[d] = Placement.compactGroup(system, d, cores / DOMAINS);
            protocol.sharerDomains().define(d, members[d]);
            protocol.sharerDomains().makePrimary(d);
            protocol.homeDomains().define(d, Placement.homesOf(system, members[d]));
        }
        final int lines = PAGES * LINES_PER_PAGE;
        final int[] latest = new int[lines];
        final SplittableRandom random = new SplittableRandom(seed);
        int value = 0;
        long violations = 0;
        String first = "";
        boolean stopAtFirstAnyway = false;
        for (long i = 0; i < accesses; i++) {
            final int line = random.nextInt(lines);
            final int page = line / LINES_PER_PAGE;
            final int domain = page % DOMAINS;
            final int core = random.nextInt(4) == 0 ? random.nextInt(cores)
                    : members[domain][random.nextInt(members[domain].length)];
            final boolean write = random.nextInt(3) == 0;
            final long address = ((long) page << 12) | ((long) (line % LINES_PER_PAGE) << 6);
            final int stored = ++value;
            String problem = null;
            try {
                protocol.accessValue(core, write, address, domain, domain, stored);
            } catch (final RuntimeException e) {
                problem = "the protocol failed: " + e;
                stopAtFirstAnyway = true;
            }
            if (problem != null) {
                // the machine's state is no longer trustworthy
            } else if (write) {
                latest[line] = stored;
            } else if (protocol.lastValue() != latest[line]) {
                problem = "load returned " + protocol.lastValue() + ", latest store wrote " + latest[line];
            }
            if (problem == null) {
                problem = protocol.checkLine(address >>> 6, protocol.homeSliceOf(address, domain));
            }
            if (problem == null && (i & 63) == 63) {
                for (int l = 0; l < lines && problem == null; l++) {
                    final int p = l / LINES_PER_PAGE;
                    final long a = ((long) p << 12) | ((long) (l % LINES_PER_PAGE) << 6);
                    final String lineProblem = protocol.checkLine(a >>> 6, protocol.homeSliceOf(a, p % DOMAINS));
                    if (lineProblem != null) {
                        problem = "line " + (a >>> 6) + ": " + lineProblem;
                    }
                }
            }
            if (problem != null) {
                violations++;
                if (violations == 1) {
                    first = "access " + i + " (core " + core + (write ? " store " : " load ") + "0x"
                            + Long.toHexString(address) + ", domain " + domain + "): " + problem + "; format "
                            + format.id() + ", homes " + mapping + ", system " + system.name() + ", seed " + seed;
                }
                if (stopAtFirst || stopAtFirstAnyway) {
                    return report(i + 1, violations, first, protocol);
                }
            }
        }
        return report(accesses, violations, first, protocol);
    }
}

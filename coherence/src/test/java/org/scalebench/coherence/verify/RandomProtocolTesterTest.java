package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * The random tester on both systems (shrunk), every format and every home mapping: no violation, and the
 * stream exercises what it claims. Planted bugs (the mutants a mutation run once left alive) are caught.
 * The seed is fixed; {@code -Dscalebench.verify.seed=N} overrides it to rerun a failure.
 */
class RandomProtocolTesterTest {

    private static final long SEED = Long.getLong("scalebench.verify.seed", 0x7E57L);
    private static final int ACCESSES = 16_000;

    static List<Arguments> combinations() {
        final List<Arguments> all = new ArrayList<>();
        for (final String system : new String[] {"chip1024", "wsc1m"}) {
            for (final String format : new String[] {"full-map", "dir-b-2", "dir-nb-2", "coarse-vector-2", "cdr-sr"}) {
                for (final String homes : new String[] {"global", "piton-low", "piton-middle", "piton-high",
                    "piton-mixed", "uniform"}) {
                    all.add(Arguments.of(system, format, homes));
                }
            }
            all.add(Arguments.of(system, "full-map", "first-touch"));
            all.add(Arguments.of(system, "hier", "first-touch"));
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("combinations")
    void noViolations(final String system, final String format, final String homes) {
        final RandomProtocolTester tester =
                new RandomProtocolTester(SystemSpec.named(system), FormatSpec.parse(format), homes);
        final RandomProtocolTester.Report report = tester.run(ACCESSES, SEED, true);
        assertEquals(0, report.violations(), report.firstViolation());
        assertEquals(ACCESSES, report.accesses());
        if (!homes.equals("first-touch")) {
            assertEquals(ACCESSES / 4, report.latencyChecks());
        }
        final double outside = (double) report.outsideAccesses() / ACCESSES;
        assertTrue(outside > 0.23 && outside < 0.27, "a quarter from outside the domain: " + outside);
        final double foreign = (double) report.foreignIdAccesses() / ACCESSES;
        assertTrue(foreign > 0.11 && foreign < 0.14, "an eighth under another domain's id: " + foreign);
        assertTrue(report.evictions() > 1000, "tiny caches must evict: " + report);
        assertTrue(report.directoryEvictions() > 100, "tiny directories must evict: " + report);
        if (homes.startsWith("piton")) {
            assertTrue(report.foldedAccesses() > ACCESSES / 20, "home domains of 3, 5, 6, 12 must fold: " + report);
        }
        if (format.startsWith("dir-b") || format.equals("cdr-sr")) {
            assertTrue(report.broadcasts() > 100, "overflow or public sharers must broadcast: " + report);
        }
        if (format.startsWith("coarse")) {
            assertTrue(report.superfluousInvalidations() > 10, "groups of two reach cores without a copy: " + report);
        }
        if (format.startsWith("dir-nb")) {
            assertTrue(report.overflowInvalidations() > 100, "Dir_i NB must evict sharers: " + report);
        } else {
            assertEquals(0, report.overflowInvalidations(), "only Dir_i NB drops a sharer to make room");
        }
    }

    private static RandomProtocolTester.Report planted(final String format, final String homes,
            final DirectoryFormatFactory formats, final Map<String, String> overrides) {
        final RandomProtocolTester tester = new RandomProtocolTester(SystemSpec.named("chip1024"),
                FormatSpec.parse(format), homes, new RandomProtocolTester.Plant(formats, overrides));
        return tester.run(ACCESSES, SEED, true, true);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"global", "piton-low", "uniform"})
    void formatThatForgetsASharerIsCaught(final String homes) {
        final RandomProtocolTester.Report r = planted("full-map", homes, PlantedFormats.FORGETS_A_SHARER, Map.of());
        assertEquals(1, r.violations(), "wrong invalidation targets survived");
        assertTrue(r.firstViolation().contains("single writer") || r.firstViolation().contains("latest store"),
                r.firstViolation());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"global", "piton-low", "uniform"})
    void wrongCoarseGroupExpansionIsCaught(final String homes) {
        final RandomProtocolTester.Report r =
                planted("coarse-vector-2", homes, PlantedFormats.WRONG_GROUP_EXPANSION, Map.of());
        assertEquals(1, r.violations(), "a broken group expansion survived");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"global", "piton-low", "uniform"})
    void formatAcceptingAForeignSharerDomainIdIsCaught(final String homes) {
        final RandomProtocolTester.Report r =
                planted("cdr-sr", homes, PlantedFormats.ACCEPTS_FOREIGN_DOMAIN_ID, Map.of());
        assertEquals(1, r.violations(), "a format accepting another domain's id survived");
        assertTrue(r.firstViolation().contains("another") || r.firstViolation().contains("cover")
                || r.firstViolation().contains("single writer"), r.firstViolation());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"full-map, global", "cdr-sr, piton-low", "dir-b-2, uniform"})
    void zeroedLatencyIsCaught(final String format, final String homes) {
        final Map<String, String> free = Map.of("router_cycles", "0", "link_cycles", "0", "inject_cycles", "0",
                "directory_cycles", "0", "home_data_cycles", "0", "memory_cycles", "0", "private_hit_cycles", "0");
        final RandomProtocolTester.Report r = planted(format, homes, DirectoryFormats::create, free);
        assertEquals(1, r.violations(), "zeroed latency survived");
        assertTrue(r.firstViolation().contains("the path predicts"), r.firstViolation());
    }

    @Test
    void replayLogReproducesTheFailure() {
        final RandomProtocolTester.Report r = planted("full-map", "global", PlantedFormats.FORGETS_A_SHARER, Map.of());
        assertEquals(r.accesses(), r.trace().size(), "the log holds every access up to the failure");
        final RandomProtocolTester tester = new RandomProtocolTester(SystemSpec.named("chip1024"),
                FormatSpec.parse("full-map"), "global",
                new RandomProtocolTester.Plant(PlantedFormats.FORGETS_A_SHARER, Map.of()));
        final RandomProtocolTester.Report again = tester.replay(r.trace(), SEED);
        assertEquals(r.accesses(), again.accesses());
        assertEquals(1, again.violations());
        assertEquals(r.firstViolation().substring(0, r.firstViolation().indexOf("; format")),
                again.firstViolation().substring(0, again.firstViolation().indexOf("; format")));
        final RandomProtocolTester clean = new RandomProtocolTester(SystemSpec.named("chip1024"),
                FormatSpec.parse("full-map"), "global");
        assertEquals(0, clean.replay(r.trace(), SEED).violations(), "the correct format passes the same accesses");
    }

    @Test
    void checksChangeNothing() {
        final SystemSpec tiny = SystemSpec.named("chip1024").shrunk();
        final DataShadow data = new DataShadow(tiny.cores(), new long[] {1, 2, 3, 4});
        final MesiProtocol p = new MesiProtocol(tiny.protocolConfig(FormatSpec.parse("cdr-sr"),
                HomeMapping.parse("piton-low", tiny.homes())), DirectoryFormats::create, data);
        p.sharerDomains().define(0, new int[] {0, 1, 2});
        p.homeDomains().define(0, new int[] {3, 4, 5});
        for (int i = 0; i < 40; i++) {
            final int core = (i * 7) % 16;
            p.access(core, i % 3 == 0, (1 + (i & 3)) << 6, 0, 0);
            if (i % 3 == 0) {
                data.store(core, 1 + (i & 3));
            }
        }
        final int[] smcBefore = tags(p.sharerMapCaches());
        final int[] hmcBefore = tags(p.homeMapCaches());
        final long lookups = p.format().mapCacheLookups();
        final long hits = p.sharerMapCaches().hits() + p.homeMapCaches().hits();
        final long messages = p.stats().messages();
        final CoherenceInvariants invariants = new CoherenceInvariants(p, data);
        for (long line = 1; line <= 4; line++) {
            assertEquals(null, invariants.checkLine(line, CoherenceInvariants.homeSlice(p, line << 6, 0)));
        }
        assertEquals(null, invariants.checkMapCaches());
        final LatencyOracle oracle = new LatencyOracle(p, p.config());
        oracle.predict(5, true, 2 << 6, 0);
        assertArrayEquals(smcBefore, tags(p.sharerMapCaches()), "Sharer Map Caches untouched");
        assertArrayEquals(hmcBefore, tags(p.homeMapCaches()), "Home Map Caches untouched");
        assertEquals(lookups, p.format().mapCacheLookups());
        assertEquals(hits, p.sharerMapCaches().hits() + p.homeMapCaches().hits());
        assertEquals(messages, p.stats().messages());
        assertTrue(p.stats().invalidations() > 0, "the accesses shared and invalidated lines");
    }

    private static int[] tags(final MapCacheBank bank) {
        final int[] all = new int[bank.caches() * bank.entries()];
        final int[] one = new int[bank.entries()];
        for (int c = 0; c < bank.caches(); c++) {
            final int n = bank.tagsByRecency(c, one);
            System.arraycopy(one, 0, all, c * bank.entries(), n);
        }
        return all;
    }
}

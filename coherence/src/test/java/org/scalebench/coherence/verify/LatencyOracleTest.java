package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * The latency oracle held to equality: with ideal home memory (every line at its home, nothing queued) the path it
 * prices is the whole latency, so every checked access of a random stream must take exactly the predicted cycles,
 * on both systems, tree and serial invalidations, every format, global and restricted homes. Against the shrunk
 * system's slices and DRAM the oracle is a lower bound only, which a prediction short by any term still passes.
 */
class LatencyOracleTest {

    private static final long SEED = 0x0A_C1EL;
    private static final int ACCESSES = 8_000;

    static List<Arguments> machines() {
        final List<Arguments> all = new ArrayList<>();
        for (final String system : new String[] {"chip1024", "wsc1m"}) {
            for (final String delivery : new String[] {"tree", "serial"}) {
                for (final String format : new String[] {"full-map", "dir-b-2", "dir-nb-2", "coarse-vector-2",
                    "cdr-sr"}) {
                    for (final String homes : new String[] {"global", "piton-low"}) {
                        all.add(Arguments.of(system, delivery, format, homes));
                    }
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("machines")
    void everyCheckedAccessTakesExactlyThePredictedCycles(final String system, final String delivery,
            final String format, final String homes) {
        final RandomProtocolTester.Report report = tester(system, delivery, format, homes, Map.of())
                .run(ACCESSES, SEED, true);
        assertEquals(0, report.violations(), report.firstViolation());
        assertEquals(ACCESSES / 4, report.latencyChecks());
        if (format.startsWith("dir-b") || format.equals("cdr-sr")) {
            assertTrue(report.broadcasts() > 0, "broadcasts were priced: " + report);
        }
    }

    @Test
    void aDirectoryOneCycleSlowerThanSpecifiedFailsTheExactCheckAndPassesTheLowerBound() {
        final Map<String, String> slower = Map.of("directory_cycles", "11");
        final RandomProtocolTester.Report exact = tester("chip1024", "tree", "full-map", "global", slower)
                .run(ACCESSES, SEED, true);
        assertEquals(1, exact.violations());
        final Matcher m = Pattern.compile("latency (\\d+) cycles, the path predicts (\\d+);")
                .matcher(exact.firstViolation());
        assertTrue(m.find(), exact.firstViolation());
        assertEquals(Long.parseLong(m.group(2)) + 1, Long.parseLong(m.group(1)), "one directory cycle more");
        final RandomProtocolTester.Report bound = new RandomProtocolTester(SystemSpec.named("chip1024"),
                FormatSpec.parse("full-map"), "global", new RandomProtocolTester.Plant(
                        RandomProtocolTester.Plant.NONE.formats(), slower)).run(ACCESSES, SEED, true);
        assertEquals(0, bound.violations(), "a slower machine still meets the lower bound: " + bound.firstViolation());
    }

    private static RandomProtocolTester tester(final String system, final String delivery, final String format,
            final String homes, final Map<String, String> machineOverrides) {
        final SystemSpec spec = SystemSpec.named(system).withParameters(Map.of("invalidation_delivery", delivery),
                delivery, "invalidations delivered " + delivery);
        return new RandomProtocolTester(spec, FormatSpec.parse(format), homes,
                new RandomProtocolTester.Plant(RandomProtocolTester.Plant.NONE.formats(), machineOverrides), true);
    }
}

package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;

/** The random tester on both systems (shrunk), every format and every home mapping: no violation. */
class RandomProtocolTesterTest {

    static List<Arguments> combinations() {
        final List<Arguments> all = new ArrayList<>();
        for (final String system : new String[] {"chip1024", "wsc1m"}) {
            for (final String format : new String[] {"full-map", "dir-b-2", "dir-nb-2", "coarse-vector-2", "cdr-sr"}) {
                for (final String homes : new String[] {"global", "piton-low", "piton-mixed", "uniform"}) {
                    all.add(Arguments.of(system, format, homes));
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("combinations")
    void noViolations(final String system, final String format, final String homes) {
        final RandomProtocolTester tester =
                new RandomProtocolTester(SystemSpec.named(system), FormatSpec.parse(format), homes);
        final RandomProtocolTester.Report report = tester.run(40_000, 0x7E57L, true);
        assertEquals(0, report.violations(), report.firstViolation());
        assertEquals(40_000, report.accesses());
        assertTrue(report.evictions() > 1000, "tiny caches must evict: " + report);
        assertTrue(report.directoryEvictions() > 100, "tiny directories must evict: " + report);
        if (format.startsWith("dir-b") || format.equals("cdr-sr")) {
            assertTrue(report.broadcasts() > 100, "overflow or public sharers must broadcast: " + report);
        }
        if (format.startsWith("dir-nb")) {
            assertTrue(report.overflowInvalidations() > 100, "Dir_i NB must evict sharers: " + report);
        }
    }
}

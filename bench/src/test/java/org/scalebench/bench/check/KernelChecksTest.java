package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kernel against its reference: a million random operations each, fixed seed printed on failure. */
class KernelChecksTest {

    static Iterable<KernelCheck> checks() {
        return KernelChecks.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void kernelAgreesWithItsReference(final KernelCheck check) {
        final KernelCheck.Outcome outcome = check.run(0xC0FFEEL, 1_000_000);
        assertTrue(outcome.checked() >= 1_000_000, outcome.summary());
        assertEquals(0, outcome.mismatches(), outcome.summary());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void aCheckCanFail(final KernelCheck check) {
        // the tally itself reports a disagreement (guards against a check that cannot fail)
        final KernelCheck.Tally tally = new KernelCheck.Tally(check.name(), 1);
        tally.compare(1L, 2L, () -> "probe");
        assertEquals(1, tally.outcome().mismatches());
        assertTrue(tally.outcome().summary().contains("probe: expected 1, got 2"));
    }
}

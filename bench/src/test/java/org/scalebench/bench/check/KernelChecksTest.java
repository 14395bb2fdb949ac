package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
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

    @Test
    void theTallyReportsTheFirstDisagreement() {
        // each check is shown to fail on a planted mutant of its kernel in KernelMutantsTest
        final KernelCheck.Tally tally = new KernelCheck.Tally("probe", 1);
        tally.compare(3L, 3L, () -> "equal");
        tally.compare(1L, 2L, () -> "first");
        tally.compare(1.0, 1.5, 1e-9, () -> "second");
        assertEquals(3, tally.outcome().checked());
        assertEquals(2, tally.outcome().mismatches());
        assertEquals("first: expected 1, got 2", tally.outcome().firstMismatch());
    }
}

package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.bench.reference.BitSetRows;

/** The whole-state comparison finds what per-operation answers cannot: a write that spills into another row. */
class SharerRowsCheckTest {

    /** A reference whose row-to-row or also sets bit 0 of the next row: no answer about the target row changes. */
    private static final class SpillingOr extends BitSetRows {
        private final int rows;

        SpillingOr(final int rows, final int bitsPerRow) {
            super(rows, bitsPerRow);
            this.rows = rows;
        }

        @Override
        public void or(final int srcRow, final int dstRow) {
            super.or(srcRow, dstRow);
            if (dstRow + 1 < rows) {
                set(dstRow + 1, 0);
            }
        }
    }

    @Test
    void aPlantedSpillIntoTheNextRowIsFound() {
        final KernelCheck.Outcome outcome = new SharerRowsCheck(SpillingOr::new).run(7, 100_000);
        assertTrue(outcome.mismatches() > 0, outcome.summary());
    }

    @Test
    void theWholeStateComparisonNamesTheFirstDifferingWord() {
        final org.scalebench.core.SharerRows kernel = new org.scalebench.core.SharerRows(2, 200);
        final BitSetRows reference = new BitSetRows(2, 200);
        kernel.set(1, 70);
        reference.set(1, 70);
        final KernelCheck.Tally same = new KernelCheck.Tally("SharerRows", 1);
        SharerRowsCheck.compareRow(kernel, reference, 1, same, "probe");
        assertEquals(0, same.outcome().mismatches());
        reference.set(1, 130);
        final KernelCheck.Tally differ = new KernelCheck.Tally("SharerRows", 1);
        SharerRowsCheck.compareRow(kernel, reference, 1, differ, "probe");
        assertEquals(1, differ.outcome().mismatches());
        assertEquals("probe: whole-state check, row 1 word 2: expected 4, got 0", differ.outcome().firstMismatch());
        assertEquals(0, differ.outcome().checked(), "a whole-state comparison counts no operation");
    }

    @Test
    void theIntactReferenceAgrees() {
        assertEquals(0, new SharerRowsCheck().run(7, 100_000).mismatches());
    }
}

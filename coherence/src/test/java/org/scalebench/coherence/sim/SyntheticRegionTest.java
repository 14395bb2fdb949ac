package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A synthetic group's lines must fit its 4 GiB region, or distinct lines share an address. */
class SyntheticRegionTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");

    private static SyntheticWorkload.Params vm(final int groupSize, final int privateLines) {
        final SyntheticWorkload.Params d = SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, CHIP, 1);
        return new SyntheticWorkload.Params(d.kind(), groupSize, d.groups(), privateLines, d.sharedLines(),
                d.migratoryLines(), d.producerConsumerLines(), d.privateMix(), d.sharedMix(), d.migratoryMix(),
                d.producerConsumerMix(), d.privateWrites(), d.sharedWrites(), d.outside(), d.skew(), d.seed(),
                d.active());
    }

    @Test
    void aGroupOfMoreLinesThanItsRegionIsRefused() {
        // the page number is kept modulo the region's 2^20 frames: line 2^26 lands on line 0's address
        final SyntheticWorkload small = new SyntheticWorkload(CHIP, vm(16, 64));
        assertEquals(small.addressOf(0, 0), small.addressOf(0, 1L << 26));
        // 16 cores of 2^24 private lines (each within the parameters' bound): 2^28 lines, four to an address
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload(CHIP, vm(16, 1 << 24)));
        assertTrue(e.getMessage().contains("vm size = 16") && e.getMessage().contains("16 x 16777216 private")
                && e.getMessage().contains("at most 67108864"), e.getMessage());
    }

    @Test
    void aGroupThatFillsItsRegionIsAccepted() {
        final SyntheticWorkload.Params p = vm(16, 1 << 21); // 2^25 private lines and a few shared ones
        final SyntheticWorkload w = new SyntheticWorkload(CHIP, p);
        assertEquals(16, p.groupSize());
        assertTrue(w.addressOf(0, 0) != w.addressOf(0, 16L << 21));
    }
}

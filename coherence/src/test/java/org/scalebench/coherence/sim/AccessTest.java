package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Holds {@link Access#set} to writing every field of a reused access, the gap left by an earlier access included. */
class AccessTest {

    @Test
    void setWritesEveryFieldAndClearsAnEarlierGap() {
        final Access access = new Access();
        access.gap = 17;
        access.set(true, 0x1234_5678_9AC0L, 12, 34);
        assertTrue(access.write);
        assertEquals(0x1234_5678_9AC0L, access.address);
        assertEquals(12, access.sdid);
        assertEquals(34, access.hdid);
        assertEquals(0, access.gap, "a workload without its own timing leaves no gap");
        access.set(false, 64, 0, 1);
        assertFalse(access.write);
        assertEquals(64, access.address);
        assertEquals(0, access.sdid);
        assertEquals(1, access.hdid);
    }
}

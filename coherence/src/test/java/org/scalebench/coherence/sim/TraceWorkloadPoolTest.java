package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.Bits;

/** The read-ahead record pool grows in long arithmetic: past 2^30 records it stops at the largest array. */
class TraceWorkloadPoolTest {

    @Test
    void thePoolDoublesUpToTheLargestArrayAndThenRefusesNamingTheRecords() {
        assertEquals(8192, TraceWorkload.grownRecords(4096, "trace:t.sbt"));
        // an int doubling of 2^30 records is -2^31: a NegativeArraySizeException
        assertEquals(Bits.MAX_ARRAY_LENGTH, TraceWorkload.grownRecords(1 << 30, "trace:t.sbt"));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceWorkload.grownRecords(Bits.MAX_ARRAY_LENGTH, "trace:t.sbt"));
        assertTrue(e.getMessage().startsWith("trace:t.sbt: records read ahead of their cores: 2147483640 needed, "
                + "more than one array holds (2147483639)"), e.getMessage());
    }
}

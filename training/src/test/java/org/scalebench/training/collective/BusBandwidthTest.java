package org.scalebench.training.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The nccl-tests conversions (doc/PERFORMANCE.md). */
class BusBandwidthTest {

    @Test
    void factorsAreThoseOfNcclTests() {
        assertEquals(2.0 * 7 / 8, BusBandwidth.factor(Collective.ALL_REDUCE, 8), 1e-15);
        assertEquals(7.0 / 8, BusBandwidth.factor(Collective.REDUCE_SCATTER, 8), 1e-15);
        assertEquals(7.0 / 8, BusBandwidth.factor(Collective.ALL_GATHER, 8), 1e-15);
        assertEquals(7.0 / 8, BusBandwidth.factor(Collective.ALL_TO_ALL, 8), 1e-15);
        assertEquals(1.0, BusBandwidth.factor(Collective.BROADCAST, 8));
        assertEquals(1.0, BusBandwidth.factor(Collective.REDUCE, 8));
    }

    @Test
    void ringAllReduceAtLinkSpeedReportsTheLinkAsBusBandwidth() {
        // t = (S / B) * 2(n-1)/n for a bandwidth-bound ring; its bus bandwidth is B
        final double link = 100e9;
        final long bytes = 1L << 30;
        final double seconds = bytes / link * 2.0 * 7 / 8;
        final double algBw = BusBandwidth.algBandwidth(bytes, seconds);
        assertEquals(link, BusBandwidth.busBandwidth(Collective.ALL_REDUCE, 8, algBw), 1e-3);
        assertEquals(algBw, BusBandwidth.algBandwidthFromBus(Collective.ALL_REDUCE, 8, link), 1e-3);
    }

    @Test
    void inNetworkReductionUsesNOverNPlusOne() {
        assertEquals(480.0 * 8 / 9, BusBandwidth.inNetworkAlgBandwidth(8, 480.0), 1e-12);
    }

    @Test
    void degenerateInputsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> BusBandwidth.factor(Collective.ALL_REDUCE, 0));
        assertThrows(IllegalArgumentException.class, () -> BusBandwidth.algBandwidth(10, 0));
        assertEquals("ranks = 1: all-reduce moves no data over one rank, so its bus bandwidth has no inverse",
                assertThrows(IllegalArgumentException.class,
                        () -> BusBandwidth.algBandwidthFromBus(Collective.ALL_REDUCE, 1, 5)).getMessage());
    }
}

package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The memory counters by hand: the hit rate's empty case, the homes touched past one 64-bit word, reset. */
class MemoryStatsTest {

    @Test
    void noReadIsAHitRateOf1() {
        assertEquals(1.0, new MemoryStats().homeHitRate(), "nothing read, nothing missed");
    }

    @Test
    void homesBeyondTheFirst64AreCountedToo() {
        final MemoryStats stats = new MemoryStats();
        stats.attach(65);             // two words: homes 0-63, and 64
        stats.touch(0);
        stats.touch(63);
        stats.touch(64);
        stats.touch(64);
        assertEquals(3, stats.homesTouched(), "homes 0, 63 and 64, home 64 once");
        stats.homeReads = 4;
        stats.homeHits = 3;
        stats.dramReads = 1;
        stats.dramWrites = 2;
        assertEquals(0.75, stats.homeHitRate(), "3 of 4");
        assertEquals(3, stats.dramAccesses(), "1 read + 2 writes");
        stats.reset();
        assertEquals(0, stats.homesTouched(), "forgotten");
        assertEquals(0, stats.homeHits(), "zeroed");
        assertEquals(0, stats.dramReads(), "zeroed");
        assertEquals(0, stats.dramWrites(), "zeroed");
        assertEquals(1.0, stats.homeHitRate(), "no read since the reset");
    }
}

package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class Mix64Test {

    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    @Test
    void stafford13IsTheMixerOfSplittableRandom() {
        // new SplittableRandom(s).nextLong() == mix64(s + GOLDEN_GAMMA) by the JDK's definition
        final SplittableRandom seeds = new SplittableRandom(42);
        for (int i = 0; i < 10_000; i++) {
            final long s = seeds.nextLong();
            assertEquals(new SplittableRandom(s).nextLong(), Mix64.stafford13(s + GOLDEN_GAMMA), "seed " + s);
        }
    }

    @Test
    void murmur3IsABijection() {
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            final long x = random.nextLong();
            assertEquals(x, invertMurmur3(Mix64.murmur3(x)));
        }
        assertEquals(0L, Mix64.murmur3(0L));
    }

    @Test
    void bothMixersAvalanche() {
        checkAvalanche(Mix64::murmur3);
        checkAvalanche(Mix64::stafford13);
    }

    private static void checkAvalanche(final LongUnaryOperator mixer) {
        final SplittableRandom random = new SplittableRandom(1234);
        final int samples = 2_000;
        for (int bit = 0; bit < 64; bit++) {
            long flipped = 0;
            for (int i = 0; i < samples; i++) {
                final long x = random.nextLong();
                flipped += Long.bitCount(mixer.applyAsLong(x) ^ mixer.applyAsLong(x ^ (1L << bit)));
            }
            final double mean = (double) flipped / samples;
            assertTrue(Math.abs(mean - 32.0) < 1.0, "input bit " + bit + " flips " + mean + " output bits");
        }
    }

    private static long invertMurmur3(final long h) {
        long x = h;
        x = unXorShift33(x);
        x *= 0x9cb4b2f8129337dbL; // inverse of 0xc4ceb9fe1a85ec53 mod 2^64
        x = unXorShift33(x);
        x *= 0x4f74430c22a54005L; // inverse of 0xff51afd7ed558ccd mod 2^64
        return unXorShift33(x);
    }

    private static long unXorShift33(final long y) {
        return y ^ (y >>> 33);
    }
}

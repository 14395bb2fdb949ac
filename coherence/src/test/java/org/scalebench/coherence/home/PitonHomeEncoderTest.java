package org.scalebench.coherence.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PitonHomeEncoderTest {

    /**
     * Direct transcription of the documented rule (OpenPiton {@code l15_home_encoder.v}, docs/cdr-model.md), written with loops
     * and Math instead of bit tricks.
     */
    private static int documentedRule(final int bits, final int homes) {
        int k = 0;
        while ((1 << k) < homes) {
            k++;
        }
        final int m = bits % (1 << k);
        if (m < homes) {
            return m;
        }
        return m % (1 << (k - 1));
    }

    @Test
    void encoderMatchesTheDocumentedRuleForEveryHomeCountAndPattern() {
        for (int homes = 1; homes <= 64; homes++) {
            for (int bits = 0; bits < 64; bits++) {
                assertEquals(documentedRule(bits, homes), PitonHomeEncoder.encode(bits, homes),
                        "homes=" + homes + " bits=" + bits);
            }
        }
    }

    @Test
    void theTableAgreesWithTheFormulaItIsBuiltFrom() {
        for (int homes = 1; homes <= 64; homes++) {
            for (int bits = 0; bits < 64; bits++) {
                assertEquals(PitonHomeEncoder.encodeByFormula(bits, homes), PitonHomeEncoder.encode(bits, homes),
                        "homes=" + homes + " bits=" + bits);
            }
        }
    }

    @Test
    void fiveHomesSkewTowardsHomesOneToThree() {
        final int[] count = new int[5];
        for (int bits = 0; bits < 64; bits++) {
            count[PitonHomeEncoder.encode(bits, 5)]++;
        }
        // 64 patterns, mask 7: per 8 patterns homes 1,2,3 get 2 and homes 0,4 get 1
        assertEquals(8, count[0]);
        assertEquals(16, count[1]);
        assertEquals(16, count[2]);
        assertEquals(16, count[3]);
        assertEquals(8, count[4]);
        for (int h = 0; h < 5; h++) {
            assertEquals(count[h] / 8, PitonHomeEncoder.weight(h, 5));
        }
    }

    @Test
    void weightsAccountForEveryPatternAndPowersOfTwoAreUniform() {
        for (int homes = 1; homes <= 64; homes++) {
            final int[] count = new int[homes];
            int k = 0;
            while ((1 << k) < homes) {
                k++;
            }
            for (int bits = 0; bits < (1 << k); bits++) {
                count[PitonHomeEncoder.encode(bits, homes)]++;
            }
            int total = 0;
            for (int h = 0; h < homes; h++) {
                assertEquals(count[h], PitonHomeEncoder.weight(h, homes), "homes=" + homes + " lhid=" + h);
                total += PitonHomeEncoder.weight(h, homes);
                if (Integer.bitCount(homes) == 1) {
                    assertEquals(1, count[h]);
                }
            }
            assertEquals(1 << k, total);
        }
    }

    @Test
    void homeBitSelectionsPickTheDocumentedBits() {
        final long address = (0x2AL << 24) | (0x15L << 14) | (0x33L << 6) | 0x3F;
        assertEquals(0x33, HomeBitSelect.LOW.bits(address));
        assertEquals(0x15, HomeBitSelect.MIDDLE.bits(address));
        assertEquals(0x2A, HomeBitSelect.HIGH.bits(address));
        assertEquals(0x33 ^ 0x15, HomeBitSelect.MIXED.bits(address));
        assertEquals(HomeBitSelect.MIXED, HomeBitSelect.parse("Mixed"));
    }

    @Test
    void rejectsHomeDomainsOutsideOneToSixtyFour() {
        final IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> PitonHomeEncoder.checkHomes(0));
        assertTrue(zero.getMessage().startsWith("home domain size = 0: must be in [1, 64]"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PitonHomeEncoder.checkHomes(65));
        assertEquals(64, PitonHomeEncoder.checkHomes(64));
        final IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> HomeBitSelect.parse("top"));
        assertTrue(bad.getMessage().contains("low, middle, high or mixed"));
    }

    /** Bits past six read the next size's row: encode(64 + 5, 5) was 5, not a home of a 5-home domain. */
    @Test
    void encodeAssertsItsRanges() {
        assertThrows(AssertionError.class, () -> PitonHomeEncoder.encode(64 + 5, 5)); // was 5
        assertThrows(AssertionError.class, () -> PitonHomeEncoder.encode(-1, 5)); // was encode(63, 4)
        assertThrows(AssertionError.class, () -> PitonHomeEncoder.encode(7, 0)); // was 0; the hardware's 0 is 64
        assertThrows(AssertionError.class, () -> PitonHomeEncoder.encode(0, 65));
    }
}

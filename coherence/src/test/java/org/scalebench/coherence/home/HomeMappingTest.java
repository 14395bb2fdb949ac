package org.scalebench.coherence.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.domain.HomeDomains;

class HomeMappingTest {

    @Test
    void namesParseAndPrintBack() {
        for (final String name : new String[] {"global", "uniform", "piton-low", "piton-middle", "piton-high",
            "piton-mixed"}) {
            assertEquals(name, HomeMapping.parse(name, 16).id());
        }
        assertEquals("piton-low", HomeMapping.parse(" Piton ", 16).id());
        assertEquals(HomeMapping.Kind.PITON, HomeMapping.parse("piton-high", 16).kind());
        assertFalse(HomeMapping.parse("global", 16).restricted());
        assertTrue(HomeMapping.parse("uniform", 16).restricted());
        assertTrue(HomeMapping.parse("piton", 16).restricted());
        assertEquals("home bit selection 'top': must be one of low, middle, high, mixed",
                assertThrows(IllegalArgumentException.class, () -> HomeBitSelect.parse("top")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HomeMapping.parse("piton-top", 16)).getMessage()
                .contains(HomeMapping.ALLOWED));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HomeMapping.parse(null, 16)).getMessage()
                .startsWith("home mapping 'null'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HomeMapping.parse("global", 0)).getMessage()
                .contains("homes = 0: must be at least 1"));
        assertEquals("mixed", HomeBitSelect.MIXED.id());
        assertEquals(0, HomeMapping.parse("global", 1).globalHomeOfLine(12345));
    }

    @Test
    void anAddressMadeFromThePatternAtTheLowestBitSelectedHasThatPattern() {
        assertEquals(6, HomeBitSelect.LOW.lowestBit());
        assertEquals(14, HomeBitSelect.MIDDLE.lowestBit());
        assertEquals(24, HomeBitSelect.HIGH.lowestBit());
        assertEquals(6, HomeBitSelect.MIXED.lowestBit());
        for (final HomeBitSelect select : HomeBitSelect.values()) {
            for (int pattern = 0; pattern < 64; pattern++) {
                assertEquals(pattern, select.bits((long) pattern << select.lowestBit()), select + " " + pattern);
            }
        }
    }

    @Test
    void globalHomeInterleavesLinesOverEveryHome() {
        final HomeMapping m = HomeMapping.parse("global", 12);
        for (long line = 0; line < 1000; line++) {
            assertEquals(line % 12, m.globalHomeOfLine(line));
        }
    }

    @Test
    void pitonSelectsTheConfiguredBitsAndUniformStaysInRange() {
        final long address = (5L << 24) | (3L << 14) | (6L << 6);
        assertEquals(PitonHomeEncoder.encode(6, 5), HomeMapping.parse("piton-low", 64).logicalHomeOfAddress(address, 5));
        assertEquals(PitonHomeEncoder.encode(3, 5), HomeMapping.parse("piton-middle", 64).logicalHomeOfAddress(address, 5));
        assertEquals(PitonHomeEncoder.encode(5, 5), HomeMapping.parse("piton-high", 64).logicalHomeOfAddress(address, 5));
        assertEquals(PitonHomeEncoder.encode(6 ^ 3, 5), HomeMapping.parse("piton-mixed", 64).logicalHomeOfAddress(address, 5));
        final HomeMapping uniform = HomeMapping.parse("uniform", 64);
        final int[] count = new int[6];
        for (long line = 0; line < 60_000; line++) {
            count[uniform.logicalHomeOfAddress(line << 6, 6)]++;
        }
        for (final int c : count) {
            assertTrue(c > 9_500 && c < 10_500, "uniform over six homes: " + c);
        }
    }

    @Test
    void batchedHomesMatchOneAtATime() {
        final HomeDomains domains = new HomeDomains(3, 64, null);
        domains.define(0, new int[] {7, 8, 9});
        domains.define(1, new int[] {1, 2, 3, 4, 5});
        domains.define(2, new int[] {10, 20, 30, 40, 50, 60});
        final SplittableRandom random = new SplittableRandom(5);
        final long[] addresses = new long[500];
        final int[] hdids = new int[500];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = random.nextLong(1L << 32);
            hdids[i] = random.nextInt(3);
        }
        for (final String name : new String[] {"piton-low", "piton-mixed", "uniform"}) {
            final HomeMapping m = HomeMapping.parse(name, 64);
            final int[] homes = new int[addresses.length];
            m.homes(addresses, hdids, addresses.length, domains, homes);
            for (int i = 0; i < addresses.length; i++) {
                assertEquals(domains.home(hdids[i], m.logicalHomeOfAddress(addresses[i], domains.size(hdids[i]))), homes[i],
                        name + " access " + i);
            }
        }
    }
}

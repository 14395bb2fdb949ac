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
        assertEquals("home bit selection = 'top': must be one of low, middle, high or mixed",
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
    void theComposedTableGivesTheEncodersTileForEverySizeAndPatternAndFollowsARedefinition() {
        final HomeDomains domains = new HomeDomains(65, 65 * 64, null);
        for (int size = 1; size <= 64; size++) {
            final int[] tiles = new int[size];
            for (int i = 0; i < size; i++) {
                tiles[i] = size * 64 + i;
            }
            domains.define(size, tiles);
        }
        assertEquals(-1, domains.homeOfBits(0, 5), "an undefined domain has no tiles");
        for (int size = 1; size <= 64; size++) {
            for (int bits = 0; bits < 64; bits++) {
                assertEquals(domains.home(size, PitonHomeEncoder.encode(bits, size)), domains.homeOfBits(size, bits),
                        "size " + size + " bits " + bits);
            }
        }
        domains.define(7, new int[] {1, 2, 3});
        for (int bits = 0; bits < 64; bits++) {
            assertEquals(1 + PitonHomeEncoder.encode(bits, 3), domains.homeOfBits(7, bits), "redefined, bits " + bits);
        }
    }

    @Test
    void bothTablesFollowDefinitionsInAnyOrderAsTheirRowsWidenToTheLargestDomain() {
        final int count = 40;
        final HomeDomains domains = new HomeDomains(count, 4096, null);
        final int[][] defined = new int[count][];
        final SplittableRandom random = new SplittableRandom(0x40DEL);
        for (int step = 0; step < 120; step++) {
            final int hdid = random.nextInt(count);
            // mostly small domains (narrow rows), now and then a larger one that widens every row
            final int size = random.nextInt(8) == 0 ? 1 + random.nextInt(64) : 1 + random.nextInt(12);
            final int[] tiles = new int[size];
            for (int i = 0; i < size; i++) {
                tiles[i] = (hdid * 64 + i * 7 + step) & 4095;
            }
            domains.define(hdid, tiles);
            defined[hdid] = tiles;
            for (int d = 0; d < count; d++) {
                final int[] own = defined[d];
                assertEquals(own == null ? 0 : own.length, domains.size(d), "step " + step + " domain " + d + " size");
                for (int lhid = 0; own != null && lhid < own.length; lhid++) {
                    assertEquals(own[lhid], domains.home(d, lhid), "step " + step + " domain " + d + " lhid " + lhid);
                }
                for (int bits = 0; bits < 64; bits++) {
                    final int expected = own == null ? -1 : own[PitonHomeEncoder.encode(bits, own.length)];
                    assertEquals(expected, domains.homeOfBits(d, bits), "step " + step + " domain " + d + " bits " + bits);
                }
            }
        }
    }

    @Test
    void homeOfAddressIsTheLogicalHomeThroughTheTableForEveryMapping() {
        final HomeDomains domains = new HomeDomains(2, 64, null);
        domains.define(0, new int[] {9, 8, 7, 6, 5});
        domains.define(1, new int[] {40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51});
        final SplittableRandom random = new SplittableRandom(23);
        for (final String name : new String[] {"piton-low", "piton-middle", "piton-high", "piton-mixed", "uniform"}) {
            final HomeMapping m = HomeMapping.parse(name, 64);
            for (int i = 0; i < 2000; i++) {
                final long address = random.nextLong(1L << 40);
                final int hdid = random.nextInt(2);
                assertEquals(domains.home(hdid, m.logicalHomeOfAddress(address, domains.size(hdid))),
                        m.homeOfAddress(address, hdid, domains), name + " address " + address);
            }
        }
    }

    @Test
    void uniformIsTheTopHalfOfTheFibonacciHashReducedByMultiplyShift() {
        final HomeMapping uniform = HomeMapping.parse("uniform", 64);
        for (final long line : new long[] {0, 1, 2, 12345, 1L << 40, (1L << 58) - 1}) {
            final long top = (line * 0x9E37_79B9_7F4A_7C15L) >>> 32;
            for (final int homes : new int[] {1, 5, 12, 64}) {
                assertEquals((int) ((top * homes) >>> 32), uniform.logicalHomeOfAddress(line << 6, homes),
                        "line " + line + " homes " + homes);
            }
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

    /** A domain of 0 homes got logical home 0 under uniform, a home it does not have. */
    @Test
    void logicalHomeAssertsTheDomainSize() {
        final HomeMapping uniform = HomeMapping.parse("uniform", 16);
        assertThrows(AssertionError.class, () -> uniform.logicalHomeOfAddress(0x1234_5678L, 0)); // was 0
        assertThrows(AssertionError.class, () -> uniform.logicalHomeOfAddress(0x1234_5678L, 65));
        final HomeMapping piton = HomeMapping.parse("piton", 16);
        assertThrows(AssertionError.class, () -> piton.logicalHomeOfAddress(0x1234_5678L, 0));
    }

    /** A null kind was accepted and mapped lines as neither restricted nor global until id() threw. */
    @Test
    void constructorRefusesANullKindOrBitSelection() {
        assertEquals("kind = null: must be one of [GLOBAL, PITON, UNIFORM, FIRST_TOUCH]", assertThrows(
                IllegalArgumentException.class, () -> new HomeMapping(null, HomeBitSelect.LOW, 16)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new HomeMapping(HomeMapping.Kind.PITON, null, 16)).getMessage().startsWith("bits = null: "));
    }
}


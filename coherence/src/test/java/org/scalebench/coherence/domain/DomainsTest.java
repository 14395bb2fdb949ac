package org.scalebench.coherence.domain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DomainsTest {

    @Test
    void lsidIsThePositionInTheDomainAndOutsidersArePublic() {
        final SharerDomains d = new SharerDomains(8, 64, null);
        d.define(3, new int[] {40, 7, 12});
        assertEquals(0, d.lsid(3, 40));
        assertEquals(2, d.lsid(3, 12));
        assertEquals(SharerDomains.PUBLIC_SHARER, d.lsid(3, 8));
        d.makePrimary(3);
        assertEquals(1, d.lsid(3, 7), "primary fast path agrees with the scan");
        assertEquals(12, d.globalCore(3, 2));
        assertEquals(-1, d.globalCore(3, 3));
        d.define(3, new int[] {8});
        assertEquals(SharerDomains.PUBLIC_SHARER, d.lsid(3, 7), "redefinition drops old members");
        assertEquals(0, d.lsid(3, 8));
    }

    @Test
    void mapCacheIsLruOverSixteenRowsAndFlushesARedefinedDomain() {
        final MapCacheBank smc = new MapCacheBank(2, 16);
        final SharerDomains d = new SharerDomains(64, 1024, smc);
        for (int domain = 0; domain < 16; domain++) {
            assertFalse(smc.access(0, domain, 0));
        }
        assertTrue(smc.access(0, 0, 3), "LSIDs 0..3 share a cache entry");
        assertFalse(smc.access(1, 0, 0), "caches are independent");
        assertFalse(smc.access(0, 16, 0)); // evicts the least recently used: domain 1
        assertTrue(smc.access(0, 0, 0));
        assertFalse(smc.access(0, 1, 0));
        d.define(5, new int[] {1});           // first definition: nothing to flush
        assertTrue(smc.access(0, 5, 0));
        d.define(5, new int[] {2});           // redefinition: cached mappings of domain 5 are stale
        assertFalse(smc.access(0, 5, 0));
        assertEquals(3, smc.hits());
    }

    @Test
    void homeDomainsHoldOneToSixtyFourDistinctTiles() {
        final HomeDomains h = new HomeDomains(4, 1024, null);
        h.define(1, new int[] {5, 9});
        assertEquals(2, h.size(1));
        assertEquals(9, h.home(1, 1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> h.define(1, new int[0])).getMessage()
                .contains("home domain size = 0: must be in [1, 64]"));
        assertThrows(IllegalArgumentException.class, () -> h.define(1, new int[65]));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> h.define(1, new int[] {1024})).getMessage()
                .contains("home tile = 1024: must be in [0, 1024)"));
        assertThrows(IllegalArgumentException.class, () -> h.define(4, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new MapCacheBank(1, 65));
    }

    @Test
    void checkerViewsOfAMapCacheChangeNothing() {
        final MapCacheBank bank = new MapCacheBank(2, 3);
        assertFalse(bank.access(1, 4, 0));
        assertFalse(bank.access(1, 5, 8));
        assertFalse(bank.access(1, 6, 0));
        assertTrue(bank.access(1, 4, 3));
        final int[] tags = new int[3];
        assertEquals(3, bank.tagsByRecency(1, tags));
        assertArrayEquals(new int[] {MapCacheBank.tag(4, 0), MapCacheBank.tag(6, 0), MapCacheBank.tag(5, 8)}, tags,
                "most recently used first");
        assertEquals(0, bank.tagsByRecency(0, tags));
        assertTrue(bank.contains(1, 5, 9), "logical ids 8..11 share a row");
        assertFalse(bank.contains(1, 5, 12));
        assertFalse(bank.contains(0, 4, 0), "caches are independent");
        assertEquals(1, bank.hits());
        assertEquals(3, bank.misses());
        assertFalse(bank.access(1, 7, 0)); // the least recently used row (domain 5) goes
        assertFalse(bank.contains(1, 5, 8));
        assertEquals(1, bank.flushDomain(4));
        assertFalse(bank.contains(1, 4, 0));
        bank.resetCounters();
        assertEquals(0, bank.hits() + bank.misses());
        bank.clear();
        assertEquals(0, bank.tagsByRecency(1, tags));
        assertEquals(2, bank.caches());
        assertEquals(3, bank.entries());
    }

    @Test
    void redefiningAHomeDomainFlushesItsHomeMapRows() {
        final MapCacheBank hmc = new MapCacheBank(4, 16);
        final HomeDomains h = new HomeDomains(4, 16, hmc);
        h.define(2, new int[] {1, 2, 3});
        assertFalse(hmc.access(0, 2, 1));
        assertTrue(hmc.access(0, 2, 1));
        h.define(2, new int[] {4, 5});
        assertFalse(hmc.contains(0, 2, 1));
        assertEquals(4, h.domains());
        assertEquals(16, h.homes());
        assertEquals(5, h.home(2, 1));
        assertEquals(0, h.size(3));
        final SharerDomains s = new SharerDomains(2, 8, null);
        assertEquals(2, s.domains());
        assertEquals(8, s.cores());
        s.define(1, new int[] {6, 7});
        assertEquals(2, s.size(1));
        assertEquals(0, s.size(0));
    }

    @Test
    void constructorsAcceptTheirSmallestSizesAndRejectZero() {
        assertEquals(1, new MapCacheBank(1, 1).entries());
        assertEquals(64, new MapCacheBank(1, 64).entries());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MapCacheBank(0, 16)).getMessage()
                .startsWith("map caches = 0: must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MapCacheBank(1, 0)).getMessage()
                .startsWith("map cache entries = 0: must be in [1, 64]"));
        assertEquals(1, new SharerDomains(1, 1, null).domains());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SharerDomains(0, 4, null)).getMessage()
                .startsWith("sharer domains = 0: must be in [1, "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SharerDomains(1, 0, null)).getMessage()
                .startsWith("cores = 0: must be at least 1"));
        assertEquals(1, new HomeDomains(1, 1, null).homes());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new HomeDomains(0, 4, null)).getMessage()
                .startsWith("home domains = 0: must be in [1, "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new HomeDomains(1, 0, null)).getMessage()
                .startsWith("homes = 0: must be at least 1"));
        final SharerDomains d = new SharerDomains(2, 4, null);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> d.define(-1, new int[] {0})).getMessage()
                .startsWith("sharer domain id = -1: must be in [0, 2)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> d.define(0, new int[] {-1})).getMessage()
                .startsWith("core = -1"));
        d.define(0, new int[] {3});
        assertEquals(0, d.lsid(0, 3));
        final HomeDomains h = new HomeDomains(2, 4, null);
        assertThrows(IllegalArgumentException.class, () -> h.define(-1, new int[] {0}));
        assertThrows(IllegalArgumentException.class, () -> h.define(0, new int[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> h.define(0, new int[] {1, 1}));
        h.define(1, new int[] {3});
        assertEquals(3, h.home(1, 0));
        assertEquals(-1, h.home(0, 0), "an undefined home domain maps nowhere");
        h.define(1, new int[] {2, 1});
        h.define(1, new int[] {0});
        assertEquals(-1, h.home(1, 1), "a shrunk domain keeps no stale home");
        assertThrows(IllegalArgumentException.class, () -> d.define(0, new int[] {4}));
        d.define(1, new int[] {0, 1, 2});
        d.define(1, new int[] {2});
        assertEquals(-1, d.globalCore(1, 1), "a shrunk domain keeps no stale member");
        assertEquals(-1, d.globalCore(1, 2));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SharerDomains(Integer.MAX_VALUE / 64 + 1, 4,
                null)).getMessage().startsWith("sharer domains = "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new HomeDomains(Integer.MAX_VALUE / 64 + 1, 4,
                null)).getMessage().startsWith("home domains = "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MapCacheBank(Integer.MAX_VALUE / 32, 64))
                .getMessage().contains("more than one array can hold"));
    }

    @Test
    void makePrimaryGivesEachMemberItsPositionAndRedefinitionDropsIt() {
        final SharerDomains d = new SharerDomains(4, 16, null);
        d.define(2, new int[] {9, 4, 7});
        d.makePrimary(2);
        assertEquals(0, d.lsid(2, 9));
        assertEquals(1, d.lsid(2, 4));
        assertEquals(2, d.lsid(2, 7));
        assertEquals(SharerDomains.PUBLIC_SHARER, d.lsid(1, 4), "another domain: the public sharer");
        d.define(2, new int[] {7});
        assertEquals(SharerDomains.PUBLIC_SHARER, d.lsid(2, 9), "no longer a member, no stale fast path");
        assertEquals(0, d.lsid(2, 7));
        assertThrows(IllegalArgumentException.class, () -> d.makePrimary(4));
    }

    /** Domain -1 matched every core without a primary domain (LSID 0); LSID 64 read the next domain's row. */
    @Test
    void sharerMapLookupsAssertTheirRanges() {
        final SharerDomains d = new SharerDomains(4, 16, null);
        d.define(2, new int[] {9, 4, 7});
        d.define(3, new int[] {5});
        assertThrows(AssertionError.class, () -> d.lsid(-1, 4)); // was 0: core 4 as logical sharer 0
        assertThrows(AssertionError.class, () -> d.lsid(4, 4));
        assertThrows(AssertionError.class, () -> d.lsid(2, 16));
        assertThrows(AssertionError.class, () -> d.globalCore(2, 64)); // was 5, domain 3's member
        assertThrows(AssertionError.class, () -> d.globalCore(3, -1)); // was -1 from domain 2's unused LSID 63
        assertEquals("sharer domain id = 1: not defined (define it first)",
                assertThrows(IllegalArgumentException.class, () -> d.makePrimary(1)).getMessage()); // was a no-op
    }

    /** An LHID past a domain's row read the next domain's: home(0, 16) was domain 1's first home tile. */
    @Test
    void homeMapLookupsAssertTheirRanges() {
        final HomeDomains d = new HomeDomains(4, 64, null);
        d.define(0, new int[] {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25}); // rows of 16
        d.define(1, new int[] {40, 41});
        assertEquals(41, d.home(1, 1));
        assertEquals(-1, d.home(2, 0), "an undefined domain has no tile");
        assertThrows(AssertionError.class, () -> d.home(0, 16)); // was 40, domain 1's home
        assertEquals(-1, d.home(1, 2), "past the domain's size, inside its row: no tile");
        assertThrows(AssertionError.class, () -> d.home(1, -1)); // was 25, domain 0's last home
        assertThrows(AssertionError.class, () -> d.home(4, 0)); // was -1, as if undefined
        assertThrows(AssertionError.class, () -> d.homeOfBits(4, 0)); // was -1, as if undefined
        assertThrows(AssertionError.class, () -> d.homeOfBits(-1, 0));
    }
}

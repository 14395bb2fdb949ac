package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.reference.CountingMapCaches;
import org.scalebench.bench.reference.MapCacheBankReference;
import org.scalebench.bench.reference.RtlMapCaches;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.MapCacheReplacement;

/** The map-cache check compares whole state after every operation, and fails on planted bugs under either policy. */
class MapCacheBankCheckTest {

    /** A planted bug: "LRU" caches whose hits do not refresh recency (first in, first out). */
    private static final class FifoCaches extends CountingMapCaches {
        private final int entries;
        private final List<LinkedHashSet<Integer>> caches = new ArrayList<>();
        private int lastVictim = NONE;

        FifoCaches(final int caches, final int entries) {
            this.entries = entries;
            for (int c = 0; c < caches; c++) {
                this.caches.add(new LinkedHashSet<>());
            }
        }

        @Override
        public boolean access(final int cache, final int domainId, final int logicalId) {
            final int tag = MapCacheBankReference.tag(domainId, logicalId);
            final LinkedHashSet<Integer> rows = caches.get(cache);
            lastVictim = NONE;
            if (rows.contains(tag)) {
                hit();
                return true;
            }
            miss();
            if (rows.size() == entries) {
                lastVictim = rows.iterator().next();
                rows.remove(lastVictim);
            }
            rows.add(tag);
            return false;
        }

        @Override
        public int lastVictim() {
            return lastVictim;
        }

        @Override
        public boolean contains(final int cache, final int domainId, final int logicalId) {
            return caches.get(cache).contains(MapCacheBankReference.tag(domainId, logicalId));
        }

        @Override
        public int[] state(final int cache) {
            final List<Integer> newestFirst = new ArrayList<>(caches.get(cache));
            Collections.reverse(newestFirst);
            return newestFirst.stream().mapToInt(Integer::intValue).toArray();
        }

        @Override
        public int flushDomain(final int domainId) {
            int dropped = 0;
            for (final LinkedHashSet<Integer> rows : caches) {
                final int before = rows.size();
                rows.removeIf(tag -> tag / 16 == domainId);
                dropped += before - rows.size();
            }
            return dropped;
        }

        @Override
        public void clear() {
            caches.forEach(LinkedHashSet::clear);
        }
    }

    @Test
    void aPlantedFifoIsFoundByTheRecencyOrderFirst() {
        final KernelCheck.Outcome outcome = new MapCacheBankCheck(bank -> bank.replacement() == MapCacheReplacement.LRU
                ? new FifoCaches(bank.caches(), bank.entries()) : MapCacheBankCheck.reference(bank)).run(7, 200_000);
        assertTrue(outcome.mismatches() > 0, outcome.summary());
        assertTrue(outcome.firstMismatch().contains("whole-state check"), outcome.summary());
    }

    @Test
    void aPlantedMissReplayOnTheWrongCachesIsFoundByTheLockBits() {
        // the Home Map Cache replayed (its fills never stay locked) and the Sharer Map Cache not
        final KernelCheck.Outcome outcome = new MapCacheBankCheck(bank -> bank.replacement() == MapCacheReplacement.RTL
                ? new RtlMapCaches(bank.caches(), bank.entries(), !bank.missReplayed())
                : MapCacheBankCheck.reference(bank)).run(7, 200_000);
        assertTrue(outcome.mismatches() > 0, outcome.summary());
        assertTrue(outcome.firstMismatch().contains("whole-state check"), outcome.summary());
    }

    @Test
    void theWholeStateComparisonListsBothStates() {
        final MapCacheBank kernel = MapCacheBank.homeMapCaches(1, 2, MapCacheReplacement.RTL);
        final MapCacheBankReference reference = new RtlMapCaches(1, 2, false);
        kernel.access(0, 3, 0);
        reference.access(0, 3, 0);
        final KernelCheck.Tally same = new KernelCheck.Tally("MapCacheBank", 1);
        MapCacheBankCheck.compareState(kernel, reference, 0, same, "probe");
        assertEquals(0, same.outcome().mismatches());
        reference.access(0, 3, 1); // a hit in the reference only: unlocks entry 0
        final KernelCheck.Tally differ = new KernelCheck.Tally("MapCacheBank", 1);
        MapCacheBankCheck.compareState(kernel, reference, 0, differ, "probe");
        assertEquals("probe: whole-state check, cache 0: expected [48, -1, 1, 0, 0, 0], got [48, -1, 1, 0, 1, 0]",
                differ.outcome().firstMismatch());
        assertEquals(0, differ.outcome().checked(), "a whole-state comparison counts no operation");
    }

    @Test
    void theIntactReferencesAgreeUnderBothPolicies() {
        final KernelCheck.Outcome outcome = new MapCacheBankCheck().run(11, 400_000);
        assertEquals(0, outcome.mismatches(), outcome.summary());
        assertTrue(outcome.checked() >= 400_000, outcome.summary());
        assertEquals(MapCacheBank.tag(MapCacheBank.MAX_DOMAIN, 63),
                MapCacheBankReference.tag(MapCacheBank.MAX_DOMAIN, 63), "the plain tag is the kernel's");
    }
}

package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class CacheAllocationTest {

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void tagArrayOperationsAllocateNothing(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(512, 8, policy);
        // tags from a universe twice the capacity: a mix of hits, misses and evictions
        assertEquals(0L, Allocations.bytesAllocated(i -> {
            final long tag = Mix64.stafford13(i & 8191);
            final int slot = tags.find(tag);
            return slot >= 0 ? slot : tags.insert(tag);
        }));
        assertEquals(0L, Allocations.bytesAllocated(i -> {
            final long tag = Mix64.stafford13(i & 8191);
            if (tags.peek(tag) < 0) {
                tags.fill(tags.victim(tag), tag);
            }
            return tags.peek(tag) + tags.occupancy(tags.setOf(tag));
        }));
        assertEquals(0L, Allocations.bytesAllocated(i -> {
            final int slot = i & 4095;
            final long tag = tags.tagAt(slot);
            tags.invalidate(slot);
            return (tags.isValid(slot) ? 1 : 0) + tag + (tags.invalidateTag(tag) ? 1 : 0) + tags.wayOf(slot)
                    + (tags.lastInsertEvicted() ? tags.lastEvictedTag() : 0);
        }));
    }

    @Test
    void smallCacheOperationsAllocateNothing() {
        final SmallLruCache cache = new SmallLruCache(16);
        assertEquals(0L, Allocations.bytesAllocated(i -> cache.access(i % 24) ? 1 : 0));
        assertEquals(0L, Allocations.bytesAllocated(i -> (cache.contains(i & 31) ? 1 : 0) + (cache.invalidate(i % 40) ? 1 : 0)
                + cache.size() + cache.hits() + cache.misses()));
        assertEquals(0L, Allocations.bytesAllocated(i -> {
            cache.access(i & 63);
            return cache.invalidateMatching(0x38L, (long) (i & 7) << 3);
        }));
    }
}

package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The shared argument checks: the value back when allowed, the project's message text when not, at both edges. */
class ChecksTest {

    @Test
    void aValueAtOrAboveTheMinimumIsReturned() {
        assertEquals(1, Checks.requireAtLeast("ways", 1, 1));
        assertEquals(Integer.MAX_VALUE, Checks.requireAtLeast("ways", Integer.MAX_VALUE, 1));
        assertEquals(0L, Checks.requireAtLeast("cycles", 0L, 0L));
        assertEquals(Long.MAX_VALUE, Checks.requireAtLeast("cycles", Long.MAX_VALUE, 0L));
    }

    @Test
    void aValueBelowTheMinimumIsNamedWithItsValueAndTheMinimum() {
        assertEquals("sets = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireAtLeast("sets", 0, 1)).getMessage());
        assertEquals("cores = -2147483648: must be at least 2", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireAtLeast("cores", Integer.MIN_VALUE, 2)).getMessage());
        assertEquals("warm-up = -1: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireAtLeast("warm-up", -1L, 0L)).getMessage());
    }

    @Test
    void aValueInsideTheRangeIsReturnedAtBothEdges() {
        assertEquals(1, Checks.requireInRange("ways", 1, 1, 64));
        assertEquals(64, Checks.requireInRange("ways", 64, 1, 64));
        assertEquals(7L, Checks.requireInRange("entries", 7L, 7L, 7L));
        assertEquals(1L << 32, Checks.requireInRange("entries", 1L << 32, 1L, 1L << 32));
    }

    @Test
    void aValueOutsideTheRangeIsNamedWithTheRange() {
        assertEquals("ways = 0: must be in [1, 64]", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireInRange("ways", 0, 1, 64)).getMessage());
        assertEquals("ways = 65: must be in [1, 64]", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireInRange("ways", 65, 1, 64)).getMessage());
        assertEquals("entries = 4294967297: must be in [1, 4294967296]", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireInRange("entries", (1L << 32) + 1, 1L, 1L << 32)).getMessage());
    }

    @Test
    void anIndexIsReturnedFromZeroToOneBelowTheLength() {
        assertEquals(0, Checks.requireIndex("core", 0, 4));
        assertEquals(3, Checks.requireIndex("core", 3, 4));
        assertEquals(Integer.MAX_VALUE - 1, Checks.requireIndex("core", Integer.MAX_VALUE - 1, Integer.MAX_VALUE));
    }

    @Test
    void anIndexOutsideIsNamedWithTheHalfOpenRange() {
        assertEquals("core = 4: must be in [0, 4)", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireIndex("core", 4, 4)).getMessage());
        assertEquals("home domain id = -1: must be in [0, 2)", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireIndex("home domain id", -1, 2)).getMessage());
        assertEquals("tile = 0: must be in [0, 0)", assertThrows(IllegalArgumentException.class,
                () -> Checks.requireIndex("tile", 0, 0)).getMessage());
    }
}

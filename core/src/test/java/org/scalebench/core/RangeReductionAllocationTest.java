package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class RangeReductionAllocationTest {

    @Test
    void reduceAndMixAllocateNothing() {
        assertEquals(0L, Allocations.bytesAllocated(i -> RangeReduction.reduce(Mix64.murmur3(i), 1_000_003)));
        assertEquals(0L, Allocations.bytesAllocated(i -> Mix64.stafford13(i)));
    }
}

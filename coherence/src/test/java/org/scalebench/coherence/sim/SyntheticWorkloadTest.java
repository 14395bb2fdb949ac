package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * Holds {@link SyntheticWorkload} to the accesses its parameters leave no choice about, worked by hand on the shrunk
 * chip (16 cores, 4 x 4; VMs of 4 are the 2 x 2 blocks {0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}):
 * with one line per class, each class's line sits at a known place of the group's region (member m's private line
 * m, then the read-shared, migratory and producer-consumer lines), the write fractions 0 and 1 decide every write,
 * the producer of a producer-consumer line is member 0, and an access from outside goes to the one other active
 * domain. Also its checks of parameters and machines, the active domains spread over the machine, and the domains
 * it defines.
 */
class SyntheticWorkloadTest {

    private final SystemSpec small = SystemSpec.named("chip1024").shrunk();

    /** VMs of {@code size} with one line per class, the given mix and write fractions, and no skew. */
    private static SyntheticWorkload.Params oneLineEach(final int size, final double[] mix, final double privateWrites,
            final double sharedWrites, final double outside, final int active) {
        return new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM, size, 0, 1, 1, 1, 1, mix[0], mix[1], mix[2],
                mix[3], privateWrites, sharedWrites, outside, 1, 11, active);
    }

    /** The offset in the group's page, the group's region, the domains and the kind of the next access of a core. */
    private static String next(final SyntheticWorkload workload, final int core) {
        final Access a = new Access();
        assertTrue(workload.next(core, a));
        return (a.write ? "W" : "R") + " line " + ((a.address & 4095) >>> 6) + " of region " + (a.address >>> 32)
                + " d" + a.sdid + "/" + a.hdid;
    }

    @Test
    void eachMemberHasItsOwnPrivateLine() {
        final SyntheticWorkload reads = new SyntheticWorkload(small, oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0,
                0, 0));
        assertEquals("R line 3 of region 0 d0/0", next(reads, 5), "core 5 is member 3 of VM 0");
        assertEquals("R line 2 of region 1 d1/1", next(reads, 6), "core 6 is member 2 of VM 1");
        assertEquals("R line 0 of region 3 d3/3", next(reads, 10));
        final SyntheticWorkload writes = new SyntheticWorkload(small, oneLineEach(4, new double[] {1, 0, 0, 0}, 1, 0,
                0, 0));
        assertEquals("W line 1 of region 2 d2/2", next(writes, 9));
    }

    @Test
    void theSharedLinesFollowTheMembersPrivateOnes() {
        final SyntheticWorkload reads = new SyntheticWorkload(small, oneLineEach(4, new double[] {0, 1, 0, 0}, 1, 0,
                0, 0));
        assertEquals("R line 4 of region 0 d0/0", next(reads, 1), "after 4 private lines");
        final SyntheticWorkload writes = new SyntheticWorkload(small, oneLineEach(4, new double[] {0, 1, 0, 0}, 0, 1,
                0, 0));
        assertEquals("W line 4 of region 3 d3/3", next(writes, 15));
    }

    @Test
    void theMigratoryAndProducerConsumerLinesFollowTheShared() {
        final SyntheticWorkload migratory = new SyntheticWorkload(small, oneLineEach(4, new double[] {0, 0, 1, 0}, 0,
                0, 0, 0));
        assertTrue(next(migratory, 0).endsWith(" line 5 of region 0 d0/0"));
        final SyntheticWorkload producerConsumer = new SyntheticWorkload(small, oneLineEach(4,
                new double[] {0, 0, 0, 1}, 0, 0, 0, 0));
        assertEquals("W line 6 of region 0 d0/0", next(producerConsumer, 0), "member 0 produces line 0 of the class");
        assertEquals("R line 6 of region 0 d0/0", next(producerConsumer, 1), "member 1 consumes it");
        assertEquals("R line 6 of region 2 d2/2", next(producerConsumer, 13));
        assertEquals("W line 6 of region 2 d2/2", next(producerConsumer, 8));
    }

    @Test
    void anAccessFromOutsideReadsTheOtherDomainsSharedLine() {
        // VMs of 8: cores 0-7 and 8-15; the shared line follows 8 private lines
        final SyntheticWorkload two = new SyntheticWorkload(small, oneLineEach(8, new double[] {1, 0, 0, 0}, 1, 1,
                1, 0));
        assertEquals("R line 8 of region 1 d1/1", next(two, 3));
        assertEquals("R line 8 of region 0 d0/0", next(two, 12));
        assertEquals(1, two.outsideFraction());
    }

    @Test
    void activeDomainsAreSpreadOverTheMachineAndReachOnlyEachOther() {
        // two of four VMs active: k x 4 / 2 for k = 0, 1 are VMs 0 and 2
        final SyntheticWorkload w = new SyntheticWorkload(small, oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0, 1,
                2));
        assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9, 12, 13}, w.issuingCores());
        for (int i = 0; i < 8; i++) {
            assertEquals("R line 4 of region 2 d2/2", next(w, 4), "VM 0 reaches VM 2, not 1 or 3");
            assertEquals("R line 4 of region 0 d0/0", next(w, 9));
        }
        final SyntheticWorkload all = new SyntheticWorkload(small, oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0, 0,
                0));
        assertEquals(16, all.issuingCores().length, "0 active: every VM");
        assertEquals(4, all.groups());
        assertArrayEquals(new int[] {2, 3, 6, 7}, all.members(1));
        assertEquals("vm", all.name());
        assertEquals(0, all.outsideFraction());
    }

    @Test
    void theVmsAreTheDomainsItDefines() {
        final SyntheticWorkload w = new SyntheticWorkload(small, oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0, 0,
                0));
        final SharerDomains sharers = new SharerDomains(64, 16, null);
        final HomeDomains homes = new HomeDomains(64, 16, null);
        w.defineDomains(sharers, homes);
        assertEquals(4, sharers.size(3));
        assertEquals(14, sharers.globalCore(3, 2));
        assertEquals(4, homes.size(3));
        assertEquals(11, homes.home(3, 1));
        assertEquals(0, sharers.size(4));
    }

    @Test
    void machinesThatCannotHoldTheDomainsAreRefused() {
        final double[] mix = {1, 0, 0, 0};
        assertEquals("vm size = 3: must divide the 16 cores", assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload(small, oneLineEach(3, mix, 0, 0, 0, 0))).getMessage());
        assertEquals("vm size = 32: must divide the 16 cores", assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload(small, oneLineEach(32, mix, 0, 0, 0, 0))).getMessage());
        final SystemSpec twoDomains = small.with(Map.of("sharer_domains", "2"), "a test");
        assertEquals("4 vm domains: the system has 2 sharer and 64 home domain ids",
                assertThrows(IllegalArgumentException.class,
                        () -> new SyntheticWorkload(twoDomains, oneLineEach(4, mix, 0, 0, 0, 0))).getMessage());
        assertEquals(2, new SyntheticWorkload(twoDomains, oneLineEach(8, mix, 0, 0, 0, 0)).groups(), "2 of 2 fit");
        assertEquals("outside = 0.5 with a single vm domain: accesses from outside need at least 2 domains (use 0)",
                assertThrows(IllegalArgumentException.class,
                        () -> new SyntheticWorkload(small, oneLineEach(16, mix, 0, 0, 0.5, 0))).getMessage());
        assertEquals("active vms = 5: the machine has 4", assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload(small, oneLineEach(4, mix, 0, 0, 0, 5))).getMessage());
        assertEquals(16, new SyntheticWorkload(small, oneLineEach(4, mix, 0, 0, 0, 4)).issuingCores().length);
        assertEquals("outside = 0.5 with one active vm: accesses from outside need at least 2 active domains (use 0)",
                assertThrows(IllegalArgumentException.class,
                        () -> new SyntheticWorkload(small, oneLineEach(4, mix, 0, 0, 0.5, 1))).getMessage());
        assertEquals(4, new SyntheticWorkload(small, oneLineEach(4, mix, 0, 0, 0, 1)).issuingCores().length,
                "one active VM without outside accesses");
    }

    @Test
    void aGroupsLinesMustFitItsRegion() {
        // 2^26 lines in a 4 GiB region: 16 x 2^22 private lines fill it, one more line does not fit
        final SyntheticWorkload.Params fills = new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM, 16, 0,
                (1 << 22) - 1, 13, 1, 2, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0);
        assertEquals(16, new SyntheticWorkload(small, fills).issuingCores().length, "16 x (2^22 - 1) + 16 lines");
        final SyntheticWorkload.Params over = new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM, 16, 0,
                (1 << 22) - 1, 14, 1, 2, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SyntheticWorkload(small, over)).getMessage()
                .contains(" = 67108865, must be at most 67108864"));
    }

    @Test
    void parametersOutsideTheirRangesAreRefused() {
        final SyntheticWorkload.Params good = oneLineEach(4, new double[] {0.25, 0.25, 0.25, 0.25}, 0, 1, 1, 0);
        assertEquals(0.25, good.privateMix());
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(0, new double[] {1, 0, 0, 0}, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {0.5, 0.5, 0.5, -0.5}, 0, 0,
                0, 0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {0.5, 0.25, 0.25, 0.25}, 0, 0,
                0, 0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {1, 0, 0, 0}, -0.1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 1.1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0, Double.NaN,
                0));
        assertThrows(IllegalArgumentException.class, () -> oneLineEach(4, new double[] {1, 0, 0, 0}, 0, 0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new SyntheticWorkload.Params(SyntheticWorkload.Kind.PAGE,
                4, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0));
        assertEquals(2, new SyntheticWorkload.Params(SyntheticWorkload.Kind.PAGE, 4, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
                0, 1, 1, 0).groups());
    }

    @Test
    void theDefaultsFollowThePrivateCache() {
        // the shrunk chip's 4-line private cache: a quarter, a half, a sixteenth (at least 1) of it per class
        final SyntheticWorkload.Params vm = SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, small, 5);
        assertEquals(new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM, 16, 16, 1, 2, 1, 1, 0.7, 0.2, 0.05,
                0.05, 0.3, 0.02, 0.01, 3, 5, 0), vm);
        assertEquals(new SyntheticWorkload.Params(SyntheticWorkload.Kind.PAGE, 4, 16, 1, 2, 1, 1, 0, 0.6, 0.2, 0.2,
                0.3, 0.02, 0.01, 3, 5, 0), SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.PAGE, small, 5));
        assertEquals(8, vm.withGroupSize(8).groupSize());
        assertEquals(0.5, vm.withOutside(0.5).outside());
        assertEquals(3, vm.withActive(3).active());
        assertEquals(vm, vm.withGroupSize(8).withOutside(0.5).withActive(3).withGroupSize(16).withOutside(0.01)
                .withActive(0));
    }
}

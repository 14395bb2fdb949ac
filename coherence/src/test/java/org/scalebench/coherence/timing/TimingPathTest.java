package org.scalebench.coherence.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * How a transaction's path is laid out, worked by hand from the class's Javadoc: each leg is the delay pending on its
 * chain followed by a visit; the zero-load time is the sum of the delays and the trains' lengths (a packet's service
 * is not in it), with the longer branch of the fork; an orphan starts at the zero-load time reached on the chain it
 * was begun from. The package-private arrays are read directly: they are what the {@link Timeline} copies.
 */
class TimingPathTest {

    /** A new path, reset as for a transaction ({@code new TimingPath()} alone has no fork at -1). */
    static TimingPath fresh() {
        final TimingPath path = new TimingPath();
        path.reset();
        return path;
    }

    @Test
    void legsTakeThePendingDelayAndPacketsAddNothingToTheZeroLoadTime() {
        final TimingPath path = fresh();
        path.delay(4);
        path.delay(3);
        path.packet(2, 9);
        path.delay(5);
        path.packet(1, 1);
        path.delay(6);
        assertEquals(2, path.rootLegs(), "two packet legs");
        assertEquals(4 + 3, path.delay[0], "the first leg waits the two delays before it");
        assertEquals(2, path.resource[0], "at resource 2");
        assertEquals(9, path.service[0], "for 9 cycles");
        assertEquals(0, path.packets[0], "a packet, not a train");
        assertEquals(5, path.delay[1], "the second leg's own delay");
        assertEquals(1, path.resource[1], "at resource 1");
        assertEquals(6, path.tail[TimingPath.ROOT], "the delay after the last leg is the tail");
        assertEquals(4 + 3 + 5 + 6, path.zeroLoad(), "the delays only: a packet's service is part of the latency");
        assertEquals(-1, path.forkAt, "no fork");
        assertEquals(0, path.orphans(), "no orphan");
    }

    @Test
    void aPacketOfNoResourceOrNoServiceAndAnEmptyTrainAddNothing() {
        final TimingPath path = fresh();
        path.delay(2);
        path.packet(TimingPath.NONE, 5);
        path.packet(3, 0);
        path.packet(3, -1);
        path.train(3, 0, 4);
        path.train(3, 2, 0);
        path.train(3, -1, 4);
        assertEquals(0, path.rootLegs(), "no leg for any of them");
        assertEquals(2, path.zeroLoad(), "only the delay");
        // a packet of one cycle is a leg
        path.packet(3, 1);
        assertEquals(1, path.rootLegs(), "a one-cycle packet is a leg");
    }

    @Test
    void aTrainIsALegAndItsLengthIsInTheZeroLoadTime() {
        final TimingPath path = fresh();
        path.delay(1);
        path.train(4, 3, 5);
        assertEquals(1, path.rootLegs(), "one train leg");
        assertEquals(3, path.packets[0], "of 3 packets");
        assertEquals(5, path.service[0], "of 5 cycles each");
        assertEquals(4, path.resource[0], "at resource 4");
        assertEquals(1, path.delay[0], "after the pending delay");
        assertEquals(1 + 3 * 5, path.zeroLoad(), "the delay and the train's length");
        assertEquals(0, path.tail[TimingPath.ROOT], "nothing pending after it");
        // a train of no resource is only its length, as delay: pending before the next leg
        path.train(TimingPath.NONE, 2, 7);
        assertEquals(1, path.rootLegs(), "no leg for it");
        assertEquals(16 + 14, path.zeroLoad(), "2 x 7 more");
        assertEquals(14, path.tail[TimingPath.ROOT], "pending as delay");
        // a train of one packet is a leg too
        path.train(4, 1, 2);
        assertEquals(2, path.rootLegs(), "a one-packet train");
        assertEquals(14, path.delay[1], "after the 14 cycles pending");
        assertEquals(30 + 2, path.zeroLoad(), "its 2 cycles");
    }

    @Test
    void theForkWaitsForTheLongerBranch() {
        final TimingPath path = fresh();
        path.delay(3);
        path.fork();
        assertEquals(0, path.forkAt, "the fork is the root's first leg");
        assertEquals(TimingPath.NONE, path.resource[0], "a leg of no resource");
        assertEquals(3, path.delay[0], "the root's pending delay stays before the fork");
        path.delay(2);               // branch 0 until branch(1)
        path.train(1, 2, 4);         // 2 + 8 = 10
        path.branch(1);
        path.delay(7);               // branch 1: 7
        path.join();
        assertEquals(3 + 10, path.zeroLoad(), "the root's 3 and the longer branch, 10");
        assertEquals(1, path.legs[TimingPath.BRANCH_A], "branch 0's train");
        assertEquals(0, path.legs[TimingPath.BRANCH_B], "branch 1 has only a tail");
        assertEquals(7, path.tail[TimingPath.BRANCH_B], "its 7 cycles");
        path.delay(1);
        assertEquals(14, path.zeroLoad(), "the root goes on after the join");
        assertEquals(1, path.tail[TimingPath.ROOT], "after the fork leg");
        // the other way round: the second branch the longer
        final TimingPath other = fresh();
        other.fork();
        other.branch(0);
        other.delay(4);
        other.branch(1);
        other.delay(9);
        other.join();
        assertEquals(9, other.zeroLoad(), "branch 1's 9 beat branch 0's 4");
        assertEquals(0, other.delay[0], "no delay before this fork");
        // switching back to branch 0 appends to it
        final TimingPath back = fresh();
        back.fork();
        back.delay(2);
        back.branch(1);
        back.delay(3);
        back.branch(0);
        back.delay(4);
        back.join();
        assertEquals(6, back.zeroLoad(), "branch 0: 2 + 4, longer than branch 1's 3");
    }

    @Test
    void orphansStartAtTheZeroLoadTimeOfTheChainTheyAreBegunFrom() {
        final TimingPath path = fresh();
        path.delay(5);
        path.beginOrphan();              // orphan 0 at 5, from the root
        path.delay(2);
        path.packet(3, 4);
        path.train(2, 2, 3);             // orphan 0 has reached 5 + 2 + 6 = 13
        path.beginOrphan();              // orphan 1, inside orphan 0, at 13
        path.delay(1);
        path.endOrphan();
        path.delay(10);                  // back in orphan 0
        path.endOrphan();
        path.delay(1);                   // back in the root: 6
        path.fork();
        path.delay(20);                  // branch 0
        path.branch(1);
        path.delay(4);
        path.beginOrphan();              // orphan 2, in branch 1 at root 6 + branch 4 = 10
        path.endOrphan();
        path.join();
        assertEquals(3, path.orphans(), "three orphans");
        assertEquals(5, path.orphanStart[0], "orphan 0 from the root at 5");
        assertEquals(13, path.orphanStart[1], "orphan 1 from orphan 0 at 5 + 2 + 2 x 3");
        assertEquals(10, path.orphanStart[2], "orphan 2 from branch 1 at 6 + 4");
        assertEquals(2, path.legs[TimingPath.ORPHAN], "orphan 0's packet and train");
        assertEquals(10, path.tail[TimingPath.ORPHAN], "orphan 0's delay after orphan 1 ended");
        assertEquals(1, path.tail[TimingPath.ORPHAN + 1], "orphan 1's delay");
        assertEquals(0, path.legs[TimingPath.ORPHAN + 2], "orphan 2 is empty");
        assertEquals(6 + 20, path.zeroLoad(), "orphans are not waited for: the root and the longer branch");
        assertEquals(1, path.rootLegs(), "the fork's leg");
    }

    @Test
    void anOrphanBegunFromBranch0StartsAfterTheRootAndBranch0SoFar() {
        final TimingPath path = fresh();
        path.delay(2);
        path.fork();
        path.delay(3);
        path.train(0, 1, 4);             // branch 0 at 3 + 4 = 7
        path.beginOrphan();              // at root 2 + 7 = 9
        path.endOrphan();
        path.branch(1);
        path.join();
        assertEquals(9, path.orphanStart[0], "the root's 2 and branch 0's 7");
    }

    @Test
    void resetForgetsTheLastTransaction() {
        final TimingPath path = fresh();
        path.delay(3);
        path.packet(0, 1);
        path.fork();
        path.delay(4);
        path.beginOrphan();
        path.delay(9);
        path.reset();
        assertEquals(0, path.zeroLoad(), "no delay");
        assertEquals(0, path.rootLegs(), "no leg");
        assertEquals(0, path.orphans(), "no orphan");
        assertEquals(-1, path.forkAt, "no fork");
        assertEquals(0, path.tail[TimingPath.ORPHAN], "the orphan's pending delay cleared");
        assertEquals(0, path.tail[TimingPath.BRANCH_A], "the branch's pending delay cleared");
        assertThrows(IllegalStateException.class, path::endOrphan, "no orphan open after a reset");
        assertThrows(IllegalStateException.class, () -> path.branch(1), "no fork open after a reset");
        // legs go to the root again, and a new fork is allowed
        path.delay(2);
        path.packet(1, 1);
        assertEquals(1, path.rootLegs(), "the root gets the leg");
        assertEquals(2, path.delay[0], "with only the new delay");
        path.fork();
        path.join();
        assertEquals(1, path.forkAt, "the fork after the packet");
    }

    @Test
    void aChainHoldsTenLegs() {
        final TimingPath path = fresh();
        for (int i = 0; i < TimingPath.MAX_LEGS; i++) {
            path.packet(0, 1);
        }
        assertEquals(10, path.rootLegs(), "ten legs fit");
        assertThrows(IllegalStateException.class, () -> path.packet(0, 1), "an eleventh does not");
        final TimingPath branch = fresh();
        branch.fork();
        for (int i = 0; i < TimingPath.MAX_LEGS; i++) {
            branch.train(0, 2, 1);
        }
        assertThrows(IllegalStateException.class, () -> branch.train(0, 2, 1), "nor in a branch");
    }

    @Test
    void aTransactionHoldsSixOrphans() {
        final TimingPath path = fresh();
        for (int k = 0; k < TimingPath.MAX_ORPHANS; k++) {
            path.beginOrphan();
            path.endOrphan();
        }
        assertEquals(6, path.orphans(), "six orphans fit");
        assertThrows(IllegalStateException.class, path::beginOrphan, "a seventh does not");
    }

    @Test
    void forksBranchesJoinsAndOrphansOutOfPlaceAreRefused() {
        final TimingPath path = fresh();
        assertThrows(IllegalStateException.class, () -> path.branch(0), "no fork open");
        assertThrows(IllegalStateException.class, path::join, "no fork open");
        assertThrows(IllegalStateException.class, path::endOrphan, "no orphan open");
        path.fork();
        assertThrows(IllegalStateException.class, path::fork, "a fork inside a fork");
        assertThrows(IllegalStateException.class, () -> path.branch(2), "branch 2");
        assertThrows(IllegalStateException.class, () -> path.branch(-1), "branch -1");
        path.branch(1);
        path.beginOrphan();
        assertThrows(IllegalStateException.class, () -> path.branch(0), "a branch switch inside an orphan");
        assertThrows(IllegalStateException.class, path::join, "a join inside an orphan");
        path.endOrphan();
        path.join();
        assertThrows(IllegalStateException.class, path::join, "a second join");
        assertThrows(IllegalStateException.class, () -> path.branch(0), "a branch after the join");
        assertThrows(IllegalStateException.class, path::fork, "a second fork");
        final TimingPath orphan = fresh();
        orphan.beginOrphan();
        assertThrows(IllegalStateException.class, orphan::fork, "a fork from an orphan");
    }
}

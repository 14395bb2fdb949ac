package org.scalebench.bench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.SharedWarmup;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.Warmup;

class WarmupHandOverTest {

    private static final int WARMUP_ACCESSES_COLUMN = List.of(SimulationResult.COLUMNS).indexOf("warmup_accesses");

    /** A result whose only meaningful number is its warm-up length. */
    private static SimulationResult warmedFor(final long accesses) {
        final List<String> row = new ArrayList<>(Collections.nCopies(SimulationResult.COLUMNS.length, "0"));
        row.set(WARMUP_ACCESSES_COLUMN, Long.toString(accesses));
        return SimulationResult.fromRow(row);
    }

    @Test
    void leaderRunsUnderTheSharedPlanAndHandsItsLengthToFollowers() throws Exception {
        final Warmup plan = Warmup.untilSteady(1_000_000);
        final SharedWarmup shared = new SharedWarmup(plan);
        final SimulationResult leader = warmedFor(4_321);
        final SimulationResult returned = WarmupHandOver.lead(shared, (given, progress) -> {
            assertSame(plan, given);
            return leader;
        });
        assertSame(leader, returned);
        assertEquals(plan.fixedAt(4_321), WarmupHandOver.follow(shared, "leader", "follower"));
    }

    @Test
    void replayOfTheLeaderGivesFollowersItsLength() throws Exception {
        final Warmup plan = Warmup.untilSteady(1_000_000);
        final SharedWarmup shared = new SharedWarmup(plan);
        WarmupHandOver.replay(shared, (given, progress) -> {
            assertSame(plan, given);
            return warmedFor(987);
        });
        assertEquals(plan.fixedAt(987), WarmupHandOver.follow(shared, "leader", "follower"));
    }

    @Test
    void leaderFailureIsRethrownAndFailsFollowersNamingTheLeader() {
        final SharedWarmup shared = new SharedWarmup(Warmup.fixed(100));
        final IOException cause = new IOException("disk full");
        assertSame(cause, assertThrows(IOException.class, () -> WarmupHandOver.lead(shared, (plan, progress) -> {
            throw cause;
        })));
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> WarmupHandOver.follow(shared, "the first point of its group", "chip1024 sr"));
        assertEquals("the first point of its group failed, so chip1024 sr has no warm-up length", e.getMessage());
        assertSame(cause, e.getCause());
    }

    @Test
    void leaderErrorAlsoFailsFollowers() {
        final SharedWarmup shared = new SharedWarmup(Warmup.fixed(100));
        final OutOfMemoryError error = new OutOfMemoryError("planted");
        assertSame(error, assertThrows(OutOfMemoryError.class, () -> WarmupHandOver.lead(shared, (plan, progress) -> {
            throw error;
        })));
        assertSame(error, assertThrows(IllegalStateException.class,
                () -> WarmupHandOver.follow(shared, "global", "hr")).getCause());
    }
}

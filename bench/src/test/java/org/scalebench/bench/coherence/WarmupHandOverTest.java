package org.scalebench.bench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
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
        assertTrue(shared.isDone(), "the leader set no length: a follower would wait for ever");
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
        assertTrue(shared.isDone(), "the replay set no length: a follower would wait for ever");
        assertEquals(plan.fixedAt(987), WarmupHandOver.follow(shared, "leader", "follower"));
    }

    /** A checked exception and an error alike: the leader rethrows it and its followers fail with it as cause. */
    static List<Throwable> leaderFailures() {
        return List.of(new IOException("disk full"), new OutOfMemoryError("planted"));
    }

    @ParameterizedTest
    @MethodSource("leaderFailures")
    void leaderFailureIsRethrownAndFailsFollowersNamingTheLeader(final Throwable failure) {
        final SharedWarmup shared = new SharedWarmup(Warmup.fixed(100));
        assertSame(failure, assertThrows(failure.getClass(), () -> WarmupHandOver.lead(shared, (plan, progress) -> {
            if (failure instanceof Error error) {
                throw error;
            }
            throw (Exception) failure;
        })));
        assertTrue(shared.isDone(), "the leader did not fail its followers: they would wait for ever");
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> WarmupHandOver.follow(shared, "the first point of its group", "chip1024 sr"));
        assertEquals("the first point of its group failed, so chip1024 sr has no warm-up length", e.getMessage());
        assertSame(failure, e.getCause());
    }
}

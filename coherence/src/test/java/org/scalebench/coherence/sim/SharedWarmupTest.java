package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The runs of a comparison warm as long as the first: the length handed over, waited for, and failures passed on. */
class SharedWarmupTest {

    private static final SystemSpec SMALL = SystemSpec.named("chip1024").shrunk();

    private static SyntheticWorkload vm(final long seed) {
        return new SyntheticWorkload(SMALL, SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, SMALL, seed)
                .withGroupSize(4));
    }

    @Test
    void followersWarmExactlyAsLongAsTheLeaderWarmedUntilSteady() throws Exception {
        final Warmup plan = new Warmup(5_000_000, 512, 0.05, true);
        final SharedWarmup shared = new SharedWarmup(plan);
        assertSame(plan, shared.plan());
        assertFalse(shared.isDone());
        // the follower waits on its own thread until the leader's warm-up ends
        final CompletableFuture<SimulationResult> follower = CompletableFuture.supplyAsync(() -> {
            try {
                return CoherenceSimulator.run(SMALL, Scheme.HR, null, null, vm(3), shared.follower(), 20_000, 3,
                        CoherenceSimulator.Progress.NONE);
            } catch (final InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        final SimulationResult leader = CoherenceSimulator.run(SMALL, Scheme.GLOBAL, null, null, vm(3), plan,
                20_000, 3, shared.leader());
        assertTrue(shared.isDone());
        assertTrue(leader.warmupSteady(), "the leader warmed until steady");
        assertTrue(leader.warmupAccesses() > 0 && leader.warmupAccesses() < plan.max(), "" + leader.warmupAccesses());
        assertEquals(leader.warmupAccesses(), follower.get(60, TimeUnit.SECONDS).warmupAccesses());
        final Warmup fixed = shared.follower();
        assertEquals(plan.fixedAt(leader.warmupAccesses()), fixed);
        assertFalse(fixed.untilSteady(), "a follower's warm-up is fixed");
        assertEquals(512, fixed.perCore(), "and judged as the leader's");
    }

    @Test
    void theFirstLengthSetIsKept() throws Exception {
        final SharedWarmup shared = new SharedWarmup(Warmup.untilSteady(1_000_000));
        shared.leader().warmed(262_144);
        shared.complete(524_288);
        shared.fail(new IllegalStateException("too late"));
        assertEquals(Warmup.fixed(262_144), shared.follower());
        assertThrows(IllegalArgumentException.class, () -> new SharedWarmup(Warmup.fixed(1)).complete(-1));
        assertThrows(IllegalArgumentException.class, () -> new SharedWarmup(null));
    }

    @Test
    void aLeaderThatWarmedNoAccessesHandsOverALengthOfZero() throws Exception {
        final SharedWarmup shared = new SharedWarmup(Warmup.untilSteady(1_000_000));
        shared.complete(0);
        assertTrue(shared.isDone());
        assertEquals(Warmup.fixed(0), shared.follower(), "counting starts cold, as the leader's did");
    }

    @Test
    void aWaitingFollowerSeesTheLeadersFailure() throws Exception {
        final SharedWarmup shared = new SharedWarmup(Warmup.untilSteady(1_000_000));
        final CompletableFuture<Warmup> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return shared.follower();
            } catch (final InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        final IllegalArgumentException boom = new IllegalArgumentException("the leader's trace is unreadable");
        shared.fail(boom);
        final ExecutionException e = assertThrows(ExecutionException.class, () -> waiting.get(60, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof SharedWarmup.LeaderFailedException, "" + e.getCause());
        assertSame(boom, e.getCause().getCause());
        assertTrue(e.getCause().getMessage().contains("the leader's trace is unreadable"), e.getCause().getMessage());
        // and a follower that comes later fails at once the same way
        final SharedWarmup.LeaderFailedException later = assertThrows(SharedWarmup.LeaderFailedException.class,
                shared::follower);
        assertSame(boom, later.getCause());
    }
}

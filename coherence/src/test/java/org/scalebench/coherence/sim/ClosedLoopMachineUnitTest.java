package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolStats;
import org.scalebench.coherence.timing.Resources;
import org.scalebench.coherence.timing.TimingPath;

/**
 * The closed-loop machine on a few scripted accesses of the shrunk chip without queues, each expected time worked
 * out from the class's rules: a hit costs the private hit time, a miss its zero-load latency (the path a twin
 * protocol lays out for the same access), each access then {@code think} cycles, a core with every register busy
 * or touching a pending line waits for a completion. A core's time after its last access is read as the timeline's
 * clock when the machine stops on its limit (the core's wake-up after its last access); the drain may end later, on
 * the messages a transaction sends after its data arrives (which the core does not wait for).
 */
class ClosedLoopMachineUnitTest {

    static final SystemSpec QUIET = SystemSpec.named("chip1024").shrunk().with(Map.of("contention", "off"),
            "test");
    private static final int THINK = 3;

    private static MesiProtocol protocol(final SystemSpec system) {
        return new MesiProtocol(system.protocolConfig(CoherenceSimulator.formatFor(system, Scheme.GLOBAL, null),
                CoherenceSimulator.mappingFor(system, Scheme.GLOBAL, null)));
    }

    /**
     * The same accesses on a protocol of its own, one at a time: each one's cost alone (0 for a hit, else its
     * zero-load latency).
     */
    private static final class Twin {
        private final MesiProtocol p = protocol(QUIET);
        private final TimingPath path = new TimingPath();

        long latency(final int core, final ScriptedWorkload.Step s) {
            return p.issue(core, s.write(), s.line() << LineAddress.LINE_SHIFT, 0, 0, path) ? path.zeroLoad() : 0;
        }
    }

    /** Each access's cost on a twin protocol that performs the core's stream alone, in order. */
    static long[] costs(final ScriptedWorkload w, final int core) {
        final Twin twin = new Twin();
        return w.stream(core).stream().mapToLong(s -> twin.latency(core, s)).toArray();
    }

    private static ClosedLoopMachine machine(final ScriptedWorkload w, final int mshrs) {
        return new ClosedLoopMachine(protocol(QUIET), w, mshrs, THINK, 16);
    }

    /** A stream of hits and misses (evictions from a 2-way set, an upgrade-free write to an exclusive line). */
    private static ScriptedWorkload oneCore() {
        return new ScriptedWorkload(16, 5).reads(5, 100, 100).add(5, true, 100, 0).reads(5, 200, 300, 400, 500, 100,
                101).add(5, true, 200, 0);
    }

    @Test
    void aCoreWithOneRegisterTakesItsLatenciesPlusThinkTimeOneAfterAnother() {
        final ScriptedWorkload w = oneCore();
        final MesiProtocol p = protocol(QUIET);
        final int hit = p.config().privateHitCycles();
        assertEquals(1, hit, "the hit time the other tests take");
        final Twin twin = new Twin();
        long t = 0;
        long lastCompletion = 0;
        long sum = 0;
        long longest = 0;
        int misses = 0;
        for (final ScriptedWorkload.Step s : w.stream(5)) {
            final long l = twin.latency(5, s);
            if (l == 0) {
                t += hit + THINK;
            } else {
                lastCompletion = t + l;
                t += l + THINK;
                sum += l;
                longest = Math.max(longest, l);
                misses++;
            }
        }
        assertTrue(misses >= 5 && misses < w.stream(5).size(), "hits and misses: " + misses);
        final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 1, THINK, 16);
        final ProtocolStats stats = p.stats();
        m.startCounting();
        assertEquals(w.stream(5).size(), m.runFor(w.stream(5).size()));
        assertEquals(t, m.timeline().now(), "the core's time after its last access and think time");
        assertEquals(0, m.runFor(100), "the stream has ended");
        assertTrue(m.drain() >= lastCompletion, "the last miss completes");
        assertEquals(w.stream(5).size(), m.issued());
        assertEquals(1, m.issuingCores());
        assertEquals(0, m.countedFrom());
        assertEquals(sum, m.inFlightTime(), "one miss at a time: the time in flight is the sum of the latencies");
        assertEquals(longest, m.longestLatency());
        assertEquals(misses, stats.missLatency().count());
        assertEquals(sum, stats.missLatency().sum());
        assertEquals(w.stream(5).size(), stats.accesses());
        assertEquals(sum + (long) hit * (w.stream(5).size() - misses), stats.latencySum(), "hits cost the hit time");
        assertEquals(0, m.countedGapCycles());
    }

    @Test
    void accessesBeforeCountingAreNotCountedButTheirLatencyIsSeen() {
        final ScriptedWorkload w = oneCore();
        final MesiProtocol p = protocol(QUIET);
        final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 1, THINK, 16);
        final Twin twin = new Twin();
        final List<ScriptedWorkload.Step> s = w.stream(5);
        long t = 0;
        long longestBefore = 0;
        for (int k = 0; k < 4; k++) {
            final long l = twin.latency(5, s.get(k));
            t += l == 0 ? 1 + THINK : l + THINK;
            longestBefore = Math.max(longestBefore, l);
        }
        assertEquals(4, m.runFor(4));
        assertEquals(longestBefore, m.longestLatency(), "seen though not counted");
        m.startCounting();
        assertEquals(t, m.countedFrom(), "the fourth access (a miss) completed, and its think time passed");
        assertEquals(0, p.stats().accesses());
        long sum = 0;
        int misses = 0;
        for (int k = 4; k < s.size(); k++) {
            final long l = twin.latency(5, s.get(k));
            sum += l;
            misses += l == 0 ? 0 : 1;
        }
        assertEquals(s.size() - 4, m.runFor(100));
        m.drain();
        assertEquals(s.size() - 4, p.stats().accesses());
        assertEquals(misses, p.stats().missLatency().count());
        assertEquals(sum, p.stats().missLatency().sum());
        assertEquals(sum, m.inFlightTime());
    }

    @Test
    void aMissIssuedBeforeCountingIsTimedInFlightFromTheStartOnlyAndNotRecorded() {
        // one register: runFor(1) leaves the first miss in flight, issued at 0; counting starts at 0 too
        final ScriptedWorkload w = new ScriptedWorkload(16, 5).reads(5, 100, 101);
        final MesiProtocol p = protocol(QUIET);
        final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 2, THINK, 16);
        final long[] cost = costs(w, 5);
        final long l0 = cost[0];
        final long l1 = cost[1];
        assertEquals(1, m.runFor(1));
        // with two registers the core goes on: its second access is issued at THINK, after counting starts
        m.startCounting();
        assertEquals(1, m.runFor(1));
        final long end = m.drain();
        assertEquals(Math.max(l0, THINK + l1), end);
        assertEquals(1, p.stats().missLatency().count(), "the miss issued before counting is not recorded");
        assertEquals(l1, p.stats().missLatency().sum());
        assertEquals(l0 - m.countedFrom() + l1, m.inFlightTime(), "the first from the start of counting");
        assertEquals(Math.max(l0, l1), m.longestLatency());
    }

    @Test
    void gapsComeBeforeTheirAccessAndAreCountedOnlyWhileCounting() {
        final ScriptedWorkload w = new ScriptedWorkload(16, 5).add(5, false, 100, 7).add(5, false, 100, 11)
                .add(5, false, 101, 13).add(5, false, 100, 0).add(5, true, 102, 17);
        final Twin twin = new Twin();
        long t = 0;
        for (final ScriptedWorkload.Step s : w.stream(5)) {
            t += s.gap();
            final long l = twin.latency(5, s);
            t += l == 0 ? 1 + THINK : l + THINK;
        }
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(2, m.runFor(2));
        assertEquals(0, m.countedGapCycles(), "not counting yet");
        m.startCounting();
        assertEquals(3, m.runFor(3));
        assertEquals(t, m.timeline().now());
        assertEquals(13 + 17, m.countedGapCycles(), "the gaps of the accesses made while counting");
    }

    /**
     * Three registers: misses of lines 10 and 11 overlap; line 10 again waits for its own miss (not for any
     * register), then hits; line 12 misses. Two registers: the core waits for whichever completes first.
     */
    @Test
    void registersOverlapMissesAndAPendingLineWaitsForItsOwnMiss() {
        for (final int mshrs : new int[] {2, 3}) {
            final ScriptedWorkload w = new ScriptedWorkload(16, 2).reads(2, 10, 11, 10, 12);
            final long[] cost = costs(w, 2);
            final long a = cost[0];
            final long b = cost[1];
            assertEquals(0, cost[2], "line 10 again hits once it has arrived");
            final long c = cost[3];
            assertTrue(a > 2 * THINK && b > 0 && c > 0 && a != THINK + b);
            // A at 0, B at THINK; then line 10 at 2 THINK is pending (3 registers) or every register is busy (2)
            final long resume = mshrs == 3 ? a + THINK : Math.min(a, THINK + b) + THINK;
            // with 2 registers B may complete first: line 10 is then still pending, and the core waits for A
            final long hitAt = Math.max(resume, a + THINK);
            final long missAt = hitAt + 1 + THINK;
            final ClosedLoopMachine m = machine(w, mshrs);
            m.startCounting();
            assertEquals(4, m.runFor(4));
            // line 12 leaves a register free: the core goes on thinking, and stops at its next turn
            assertEquals(missAt + THINK, m.timeline().now(), mshrs + " registers");
            assertTrue(m.drain() >= missAt + c);
            assertEquals(a + b + c, m.inFlightTime(), "Little: the integral of the misses in flight");
            assertEquals(Math.max(a, Math.max(b, c)), m.longestLatency());
        }
    }

    @Test
    void aCoreAtItsRegisterLimitWaitsForAnyCompletion() {
        // two registers, three lines: the third access waits for the first completion; then, if the other miss is
        // still out, both registers are busy again and the core waits for the next completion, else it goes on
        final ScriptedWorkload w = new ScriptedWorkload(16, 9).reads(9, 20, 21, 22);
        final long[] cost = costs(w, 9);
        final ClosedLoopMachine m = machine(w, 2);
        assertEquals(3, m.runFor(3));
        final long third = Math.min(cost[0], THINK + cost[1]) + THINK;
        final long other = Math.max(cost[0], THINK + cost[1]);
        assertTrue(other != third && cost[0] != THINK + cost[1], "no two events at once");
        final long stop = other < third ? third + THINK : Math.min(other, third + cost[2]) + THINK;
        assertEquals(stop, m.timeline().now());
    }

    @Test
    void coresOnDisjointLinesRunAsIfAlone() {
        // two lines per core, no set or directory overflow: without queues the cores do not meet
        final ScriptedWorkload w = both(1, 7);
        long end = 0;
        for (final int core : new int[] {1, 7}) {
            final ScriptedWorkload one = both(core);
            final Twin alone = new Twin();
            long t = 0;
            for (final ScriptedWorkload.Step s : one.stream(core)) {
                final long l = alone.latency(core, s);
                t += l == 0 ? 1 + THINK : l + THINK;
            }
            final ClosedLoopMachine m = machine(one, 1);
            assertEquals(5, m.runFor(5));
            assertEquals(t, m.timeline().now(), "core " + core + " alone");
            end = Math.max(end, m.drain());
        }
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(2, m.issuingCores());
        assertEquals(3, m.runFor(3));
        assertEquals(3, m.issued());
        assertEquals(7, m.runFor(100));
        assertEquals(10, m.issued());
        assertEquals(0, m.runFor(5), "both streams ended");
        assertEquals(end, m.drain());
    }

    /** Cores 1 and 7's streams, for the cores listed as issuing. */
    private static ScriptedWorkload both(final int... issuing) {
        return new ScriptedWorkload(16, issuing).reads(1, 1, 2, 1, 2, 1).reads(7, 3, 4, 3, 3, 4);
    }

    @Test
    void runningForNoAccessesRunsNothing() {
        final ScriptedWorkload w = oneCore();
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(0, m.runFor(0));
        assertEquals(0, w.drawn(5), "the core was not run");
        assertEquals(0, m.issued());
        assertEquals(0, m.timeline().now());
    }

    @Test
    void hitsRunAheadOfTheOtherCoresByAtMostTheBound() {
        // two cores reading their own line over and over: after the first miss every access is a hit of 1 + THINK
        final ScriptedWorkload w = new ScriptedWorkload(16, 3, 12);
        for (int k = 0; k < 400; k++) {
            w.reads(3, 30);
            w.reads(12, 41);
        }
        final Twin twin = new Twin();
        final long[] first = {twin.latency(3, w.stream(3).get(0)) + THINK, twin.latency(12, w.stream(12).get(0)) + THINK};
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(300, m.runFor(300));
        final int[] drawn = {w.drawn(3), w.drawn(12)};
        // the accesses issued are those before some time T, and hits up to RUN_AHEAD (plus one access) past it;
        // the machine may have drawn one access more than it issued
        boolean found = false;
        for (long tt = 0; tt < 4000 && !found; tt++) {
            boolean fits = true;
            for (int i = 0; i < 2; i++) {
                final long lo = before(first[i], tt);
                final long hi = before(first[i], tt + ClosedLoopMachine.RUN_AHEAD + 1 + THINK) + 1;
                fits &= drawn[i] >= lo && drawn[i] <= hi;
            }
            found = fits;
        }
        assertTrue(found, "drawn " + drawn[0] + " and " + drawn[1] + " after first accesses of " + first[0] + ", "
                + first[1] + " cycles");
    }

    @Test
    void aCoreRunsAheadOfTheNextEventUntilItsClockReachesTheBoundExactly() {
        // core 3 misses once on line 30, then hits it; core 12 works for a gap of G cycles, then reads line 41. Once
        // core 3's transaction has no event left, the only pending event is core 12's at G, so core 3 issues while
        // its clock is below G + RUN_AHEAD and parks on reaching it. G is set so that its clock lands on
        // G + RUN_AHEAD exactly after its K-th access: core 12's read is then the machine's (K + 1)-th access, not
        // an earlier one nor a later one. This pins one of the orders the class comment allows (the bound, on >=).
        // Each check is one call of runFor: the limit of a call parks the running core too, which would let core 12
        // in at the next call whatever the bound.
        final int k = 200;
        for (final int accesses : new int[] {k, k + 1}) {
            final ScriptedWorkload w = new ScriptedWorkload(16, 3, 12);
            for (int i = 0; i <= k + 1; i++) {
                w.reads(3, 30);
            }
            final MesiProtocol p = protocol(QUIET);
            final int hit = p.config().privateHitCycles();
            final long miss = new Twin().latency(3, w.stream(3).get(0));
            assertTrue(miss > 0, "the first access misses");
            // core 3's clock after its K-th access (from 1): the miss and THINK, then K - 1 hits and THINK
            final long gap = miss + THINK + (k - 1L) * (hit + THINK) - ClosedLoopMachine.RUN_AHEAD;
            w.add(12, false, 41, (int) gap);
            final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 1, THINK, 16);
            assertEquals(accesses, m.runFor(accesses));
            assertEquals(accesses > k, p.copyState(12, 41) != MesiProtocol.INVALID,
                    "core 12 has read after " + accesses + " accesses");
        }
    }

    /** Accesses of a core issued before {@code t}: the first at 0, the next at {@code first}, then every hit. */
    private static long before(final long first, final long t) {
        if (t <= 0) {
            return 0;
        }
        return t <= first ? 1 : 2 + (t - first - 1) / (1 + THINK);
    }

    @Test
    void desynchronizingDelaysEachCoresNextAccessByItsDraw() {
        assertThrows(IllegalArgumentException.class, () -> machine(oneCore(), 1).desynchronize(0, 1));
        final long span = 500;
        final SplittableRandom r = new SplittableRandom(42);
        final long firstIdle = r.nextLong(span);
        final long secondIdle = r.nextLong(span);
        assertTrue(firstIdle > 0 && secondIdle > 0 && firstIdle != secondIdle);
        // core 4 issues first in the list, core 6 second; only one of them has accesses
        for (final int active : new int[] {4, 6}) {
            final ScriptedWorkload w = new ScriptedWorkload(16, 4, 6).reads(active, 60, 61);
            final Twin twin = new Twin();
            final long a = twin.latency(active, w.stream(active).get(0));
            final long b = twin.latency(active, w.stream(active).get(1));
            final ClosedLoopMachine m = machine(w, 1);
            m.desynchronize(span, 42);
            assertEquals(2, m.runFor(2));
            final long idle = active == 4 ? firstIdle : secondIdle;
            assertEquals(idle + a + THINK + b + THINK, m.timeline().now(), "idle once, before the first access");
        }
        // desynchronized a second time: each core idles again, by the new draw
        final ScriptedWorkload w = new ScriptedWorkload(16, 4).reads(4, 60, 61);
        final Twin twin = new Twin();
        final long a = twin.latency(4, w.stream(4).get(0));
        final long b = twin.latency(4, w.stream(4).get(1));
        final ClosedLoopMachine m = machine(w, 1);
        m.desynchronize(span, 42);
        assertEquals(1, m.runFor(1));
        m.desynchronize(span, 7);
        assertEquals(1, m.runFor(1));
        assertEquals(firstIdle + a + THINK + new SplittableRandom(7).nextLong(span) + b + THINK, m.timeline().now());
    }

    @Test
    void theConstructorChecksItsArguments() {
        final MesiProtocol p = protocol(QUIET);
        assertThrows(IllegalArgumentException.class, () -> new ClosedLoopMachine(p, oneCore(), 0, 0, 16));
        assertThrows(IllegalArgumentException.class, () -> new ClosedLoopMachine(p, oneCore(), 65, 0, 16));
        assertThrows(IllegalArgumentException.class, () -> new ClosedLoopMachine(p, oneCore(), 1, -1, 16));
        new ClosedLoopMachine(p, oneCore(), 64, 0, 16);
        assertThrows(IllegalArgumentException.class,
                () -> new ClosedLoopMachine(p, new ScriptedWorkload(17, 16), 1, 0, 16), "core 16 of 16");
        final MesiProtocol queued = protocol(SystemSpec.named("chip1024").shrunk());
        assertTrue(queued.resources() > 1);
        assertThrows(IllegalArgumentException.class, () -> new ClosedLoopMachine(queued, oneCore(), 1, 0, 16,
                new Resources(queued.resources() - 1)));
        new ClosedLoopMachine(queued, oneCore(), 1, 0, 16, new Resources(queued.resources()));
    }

    /** Cores reading {@code n} lines each that no core has touched (every access a miss from memory). */
    private static ScriptedWorkload coldReads(final int n, final int... cores) {
        final ScriptedWorkload w = new ScriptedWorkload(16, cores);
        for (final int c : cores) {
            for (int k = 0; k < n; k++) {
                w.reads(c, 5_000 + 1_000 * c + k);
            }
        }
        return w;
    }

    /**
     * {@code runFor(0)} runs nothing, even when a transaction's event is due before the next core's turn (several
     * registers: a core stops on its limit right after issuing a miss, whose events come next): a machine that took
     * a {@code runFor(0)} between two runs, or before it started counting, ends every run exactly as one that did
     * not (time, queue services counted, time in flight, the drain).
     */
    @Test
    void runningForNoAccessesBetweenRunsChangesNothing() {
        final SystemSpec queued = SystemSpec.named("chip1024").shrunk();
        for (final int mshrs : new int[] {1, 4}) {
            for (int k = 1; k <= 24; k++) {
                final long[][] seen = new long[2][];
                for (int withZero = 0; withZero < 2; withZero++) {
                    final MesiProtocol p = protocol(queued);
                    final ClosedLoopMachine m = new ClosedLoopMachine(p, coldReads(12, 2, 9), mshrs, THINK, 16);
                    assertEquals(k, m.runFor(k));
                    final long now = m.timeline().now();
                    if (withZero == 1) {
                        assertEquals(0, m.runFor(0));
                        assertEquals(now, m.timeline().now(), "runFor(0) moved the clock");
                    }
                    m.startCounting();
                    m.runFor(24 - k);
                    final long drained = m.drain();
                    seen[withZero] = new long[] {now, m.timeline().resources().served(), m.inFlightTime(), drained,
                        m.issued()};
                }
                assertEquals(java.util.Arrays.toString(seen[0]), java.util.Arrays.toString(seen[1]),
                        mshrs + " registers, " + k + " accesses first");
            }
        }
    }

    @Test
    void countingZeroesTheQueueAndLinkCounters() {
        final MesiProtocol p = protocol(SystemSpec.named("chip1024").shrunk());
        final ClosedLoopMachine m = new ClosedLoopMachine(p, coldReads(40, 6), 1, THINK, 16);
        assertEquals(20, m.runFor(20));
        final long elapsed = m.timeline().now();
        assertTrue(elapsed > 2 * ClosedLoopMachine.EPOCH, "some epochs ended: " + elapsed);
        assertTrue(m.timeline().resources().served() > 0 && p.links().maxUtilization(elapsed) > 0);
        m.startCounting();
        assertEquals(0, m.timeline().resources().served());
        assertEquals(0, p.links().maxUtilization(elapsed), "the links' counters too");
        assertEquals(0, p.stats().accesses());
    }

    /**
     * The link model charges each packet the mean wait of the loads of earlier epochs: every core missing at once
     * takes longer with the links queued than without, once epochs have ended (the link waits come from the loads
     * that {@code endEpoch} turns into delays); and a drain ends the last, partial epoch, so that its flits count as
     * carried.
     */
    @Test
    void theLinksLoadEpochByEpochAndTheDrainEndsTheLastOne() {
        final SystemSpec queued = SystemSpec.named("chip1024").shrunk();
        final long[] sums = new long[2];
        final int[] every = new int[16];
        java.util.Arrays.setAll(every, c -> c);
        int k = 0;
        for (final SystemSpec system : new SystemSpec[] {queued.with(Map.of("link_contention", "off"), "test"),
            queued}) {
            final MesiProtocol p = protocol(system);
            final ClosedLoopMachine m = new ClosedLoopMachine(p, coldReads(40, every), 1, THINK, 16);
            m.startCounting();
            assertEquals(16 * 40, m.runFor(16 * 40));
            m.drain();
            sums[k++] = p.stats().missLatency().sum();
        }
        assertTrue(sums[1] > sums[0], "waits on the links: " + sums[1] + " against " + sums[0]);
        final MesiProtocol p = protocol(queued);
        final ClosedLoopMachine m = new ClosedLoopMachine(p, coldReads(2, 6), 1, THINK, 16);
        m.startCounting();
        assertEquals(2, m.runFor(2));
        final long end = m.drain();
        assertTrue(end < ClosedLoopMachine.EPOCH, "within the first epoch: " + end);
        // a line is at least 7 flits of 10 bytes: the busiest link carried one
        assertTrue(p.links().maxUtilization(end) * end >= 7, "the partial epoch's flits are carried: "
                + p.links().maxUtilization(end) * end);
    }

    @Test
    void theMachineStopsAtTheCoresNextTurnAfterAHit() {
        // line 100, then line 100 again (a hit): the limit is met at the core's turn after the hit and its think time
        final ScriptedWorkload w = oneCore();
        final long a = new Twin().latency(5, w.stream(5).get(0));
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(2, m.runFor(2));
        assertEquals(a + THINK + 1 + THINK, m.timeline().now());
    }

    @Test
    void aMissCompletingWhileItsCoreWorksThroughAGapDoesNotWakeIt() {
        // two registers: line 10 misses at 0 and the core goes on; line 11 comes after a gap of 500 cycles, longer
        // than the miss: the completion finds the core waiting for nothing
        final ScriptedWorkload w = new ScriptedWorkload(16, 2).reads(2, 10).add(2, false, 11, 500);
        final long a = new Twin().latency(2, w.stream(2).get(0));
        assertTrue(a < 500);
        final ClosedLoopMachine m = machine(w, 2);
        assertEquals(2, m.runFor(2));
        assertEquals(THINK + 500 + THINK, m.timeline().now(), "line 11 issued after the gap, then THINK");
    }

    @Test
    void registersAreFreedAndReused() {
        // two registers, six misses (line 11 twice: its second access after its miss completed)
        final ScriptedWorkload w = new ScriptedWorkload(16, 2).reads(2, 10, 11, 12, 13, 11, 14);
        final Twin twin = new Twin();
        long sum = 0;
        for (final ScriptedWorkload.Step s : w.stream(2)) {
            sum += twin.latency(2, s);
        }
        final ClosedLoopMachine m = machine(w, 2);
        m.startCounting();
        assertEquals(6, m.runFor(6));
        m.drain();
        assertEquals(sum, m.inFlightTime(), "every miss completed, as a twin times them");
    }

    /**
     * Three registers: line 0 misses on the first, line 5 on the second; line 5 again waits for its own miss (not
     * for line 0's: a line index of 0 is a line like any other), then hits.
     */
    @Test
    void aPendingLineWaitsForItsOwnRegister() {
        final ScriptedWorkload w = new ScriptedWorkload(16, 2).reads(2, 0, 5, 5);
        final long[] cost = costs(w, 2);
        assertTrue(cost[0] != THINK + cost[1], "the two completions tell apart");
        final ClosedLoopMachine m = machine(w, 3);
        assertEquals(3, m.runFor(3));
        assertEquals(THINK + cost[1] + THINK + 1 + THINK, m.timeline().now());
    }

    /**
     * Two registers per core, cores 2 and 3 side by side in the machine's tables: a line pending at one core does
     * not hold the other (core 3 reads L at 0 while core 2 reads L at 5 + THINK after a miss of its own; then core 2
     * has L pending on its second register when core 3 reads it after a miss and a gap).
     */
    @Test
    void aLinePendingAtAnotherCoreDoesNotHoldACore() {
        final ScriptedWorkload first = new ScriptedWorkload(16, 2, 3).add(2, false, 40, 5).reads(2, 77).reads(3, 77);
        final ScriptedWorkload second = new ScriptedWorkload(16, 2, 3).reads(2, 40, 77).reads(3, 50)
                .add(3, false, 77, 2);
        for (final ScriptedWorkload w : new ScriptedWorkload[] {first, second}) {
            final int n = w.stream(2).size() + w.stream(3).size();
            final MesiProtocol p = protocol(QUIET);
            final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 2, THINK, 16);
            m.startCounting();
            assertEquals(n, m.runFor(n));
            m.drain();
            assertEquals(n, p.stats().missLatency().count(), "every access a miss, each completed");
        }
    }

    /**
     * Core 3 hits its line while core 12 works through a long gap: core 3 meets the limit inside one turn of hits,
     * and the machine stops at its next turn, after the last hit and its think time.
     */
    @Test
    void theLimitMetAmongHitsStopsAtTheCoresNextTurn() {
        final ScriptedWorkload w = new ScriptedWorkload(16, 3, 12).reads(12, 41).add(12, false, 42, 100_000);
        for (int k = 0; k < 30; k++) {
            w.reads(3, 30);
        }
        final long a = new Twin().latency(3, w.stream(3).get(0));
        final ClosedLoopMachine m = machine(w, 1);
        assertEquals(21, m.runFor(21), "core 12's first access and 20 of core 3's");
        assertEquals(a + THINK + 19 * (1 + THINK), m.timeline().now());
    }

    /** Cores with gaps between their accesses: an access drawn before its gap is made, not drawn over. */
    @Test
    void accessesDrawnBeforeTheirGapsAreAllMade() {
        final ScriptedWorkload w = new ScriptedWorkload(16, 2, 3, 4);
        for (final int c : new int[] {2, 3, 4}) {
            for (int k = 0; k < 10; k++) {
                w.add(c, false, 6_000 + 100 * c + k, 10 + 20 * c + k);
            }
        }
        final MesiProtocol p = protocol(QUIET);
        final ClosedLoopMachine m = new ClosedLoopMachine(p, w, 1, THINK, 16);
        m.startCounting();
        assertEquals(30, m.runFor(100));
        m.drain();
        assertEquals(30, p.stats().missLatency().count(), "each of the 30 lines missed once");
        long gaps = 0;
        for (final int c : new int[] {2, 3, 4}) {
            for (final ScriptedWorkload.Step s : w.stream(c)) {
                gaps += s.gap();
            }
        }
        assertEquals(gaps, m.countedGapCycles());
    }
}

package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.timing.Resources;
import org.scalebench.coherence.verify.MachineSanity;

/**
 * The closed-loop machine against queueing theory: a core never waits behind its own misses, resources are never
 * busier than the time allows, misses in flight obey Little's law, and a hot home under random load waits what an
 * M/D/1 queue waits. Each check is also shown to catch a planted fault.
 */
class ClosedLoopMachineTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");
    private static final int HOT_HOME = 528; // tile (16, 16)

    /**
     * Cores that read lines of one home only, each line new to the core's private cache (its set overflows), the
     * lines few enough to stay in the home's slice; between accesses an exponential gap of mean {@code meanGap}.
     */
    private static final class HotHome implements Workload {
        private final int[] cores;
        private final double meanGap;
        private final SplittableRandom[] random;

        HotHome(final int count, final double meanGap) {
            cores = new int[count];
            random = new SplittableRandom[1024];
            for (int k = 0; k < count; k++) {
                cores[k] = (k * 1024 / count) % 1024;
            }
            for (int c = 0; c < 1024; c++) {
                random[c] = new SplittableRandom(c);
            }
            this.meanGap = meanGap;
        }

        @Override
        public String name() {
            return "hot-home";
        }

        @Override
        public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
        }

        @Override
        public int[] issuingCores() {
            return cores.clone();
        }

        @Override
        public boolean next(final int core, final Access out) {
            final SplittableRandom r = random[core];
            // lines HOT_HOME + 1024 k share a private set (64 sets): 256 of them always miss an 8-way set
            final long line = HOT_HOME + 1024L * r.nextInt(256);
            out.set(false, line << 6, 0, 0);
            out.gap = meanGap <= 0 ? 0 : (int) Math.round(-meanGap * Math.log(1 - r.nextDouble()));
            return true;
        }
    }

    /** A faulty server: it takes twice the service it is given. */
    private static final class HalfSpeed extends Resources {
        HalfSpeed(final int count) {
            super(count);
        }

        @Override
        public long packet(final int r, final long arrival, final int service) {
            return servePacket(r, arrival, 2 * service);
        }
    }

    /** The vm workload in VMs of 4 cores (the shrunk chip has 16). */
    private static SyntheticWorkload vm(final SystemSpec system) {
        return new SyntheticWorkload(system, SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, system, 4)
                .withGroupSize(4));
    }

    private static MesiProtocol protocol(final SystemSpec system, final String format) {
        return new MesiProtocol(system.protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 1024)));
    }

    private static ClosedLoopMachine run(final MesiProtocol p, final Workload w, final long warm, final long counted,
            final Resources resources) {
        w.defineDomains(p.sharerDomains(), p.homeDomains());
        final ClosedLoopMachine m = resources == null ? new ClosedLoopMachine(p, w, 1, 2, 64)
                : new ClosedLoopMachine(p, w, 1, 2, 64, resources);
        m.runFor(warm);
        m.startCounting();
        m.runFor(counted);
        m.drain();
        return m;
    }

    @Test
    void aCoreWithOneMissInFlightNeverWaitsBehindItsOwnMisses() {
        // the queues only (the link model charges a random arrival's mean wait even to a lone core's packets)
        final MesiProtocol p = protocol(CHIP.with(Map.of("link_contention", "off"), "test"), "full-map");
        final ClosedLoopMachine m = run(p, new HotHome(1, 0), 500, 5_000, null);
        assertTrue(p.stats().misses() > 4_000, "every access misses: " + p.stats().misses());
        // its misses never wait for each other; its own evictions (a 3-flit PutS sent as each line arrives) may hold
        // the next request for up to their service
        assertTrue(m.timeline().resources().waitCycles() <= 3 * p.stats().evictions(), "waits "
                + m.timeline().resources().waitCycles() + " cycles over " + p.stats().evictions() + " evictions");
        assertTrue(m.timeline().resources().served() > 0, "its packets did go through the queues");
        final MesiProtocol idle = protocol(CHIP.with(Map.of("contention", "off"), "test"), "full-map");
        run(idle, new HotHome(1, 0), 500, 5_000, null);
        assertEquals(idle.stats().missLatency().mean(), p.stats().missLatency().mean(),
                (double) m.timeline().resources().waitCycles() / p.stats().misses() + 1e-9,
                "queued or not, the same latency but for the evictions' waits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"global", "sr+hr"})
    void runsObeyLittlesLawAndNoResourceIsBusierThanTheTime(final String scheme) {
        final SystemSpec small = CHIP.shrunk();
        final SimulationResult r = CoherenceSimulator.run(small, Scheme.parse(scheme), null, null, vm(small),
                Warmup.fixed(200_000), 200_000, 4, CoherenceSimulator.Progress.NONE);
        assertNull(MachineSanity.utilization(r));
        assertNull(MachineSanity.littlesLaw(r, small.thinkCycles(), 0.03));
        assertTrue(r.avgMissesInFlight() <= r.activeCores(), "at most one miss per core in flight");
    }

    @Test
    void theChecksCatchAPlantedFault() {
        final SystemSpec small = CHIP.shrunk();
        final SimulationResult r = CoherenceSimulator.run(small, Scheme.GLOBAL, null, null, vm(small),
                Warmup.fixed(100_000), 100_000, 4, CoherenceSimulator.Progress.NONE);
        // latencies charged at half what the cores waited
        final SimulationResult halved = new SimulationResult(r.system(), r.scheme(), r.format(), r.homes(),
                r.workload(), r.seed(), r.accesses(), r.missRate(), r.avgMissLatencyCycles() / 2,
                r.p99MissLatencyCycles(), r.avgAccessLatencyCycles() / 2, r.messages(), r.bytes(), r.flitHops(),
                r.broadcasts(), r.invalidations(), r.sharerMapMissRate(), r.homeMapMissRate(), r.directoryEvictions(),
                r.directoryBits(), r.directoryBitsWithTags(), r.homeHitRate(), r.dramAccesses(), r.avgQueueCycles(),
                r.homesTouched(), r.machineCycles(), r.energy(), r.bState(), r.outside(), r.warmupAccesses(),
                r.warmupSteady(), r.simSeconds(), r.accessesPerSecond(), r.activeCores(), 1.3, r.saturated(),
                r.accessesPerKilocycle(), r.warmupAccessesPerSecond(), r.avgMissesInFlight(), r.busiestResource(),
                r.settleAccesses(), r.settled(), r.littlesLawRatio());
        assertNull(MachineSanity.littlesLaw(r, small.thinkCycles(), 0.03));
        assertNotNull(MachineSanity.littlesLaw(halved, small.thinkCycles(), 0.03));
        assertNotNull(MachineSanity.utilization(halved));
    }

    /**
     * 512 cores read lines of one home with exponential gaps (a superposition of many sparse streams: Poisson
     * arrivals); the home's interface sends each a 10-flit line, a deterministic service of 10 cycles: M/D/1.
     */
    @Test
    void aHotHomeUnderRandomLoadWaitsAsAnMd1Queue() {
        final MesiProtocol p = protocol(CHIP, "full-map");
        final ClosedLoopMachine m = run(p, new HotHome(512, 9000), 20_000, 150_000, null);
        final Resources resources = m.timeline().resources();
        final int egress = 2 * HOT_HOME;
        // the load the packets bring: 10 cycles each over the counted time
        final double rho = 10.0 * resources.served(egress) / (m.timeline().now() - m.countedFrom());
        final double wait = (double) resources.waitCycles(egress) / resources.served(egress);
        assertTrue(rho > 0.3 && rho < 0.9, "the load is in the range tested: " + rho);
        assertNull(MachineSanity.md1(wait, rho, 10, 0.10));
        // planted: a server half as fast as specified fails the same check
        final MesiProtocol q = protocol(CHIP, "full-map");
        final ClosedLoopMachine planted = run(q, new HotHome(512, 9000), 20_000, 150_000,
                new HalfSpeed(q.resources()));
        final Resources bad = planted.timeline().resources();
        final double badRho = 10.0 * bad.served(egress) / (planted.timeline().now() - planted.countedFrom());
        final double badWait = (double) bad.waitCycles(egress) / bad.served(egress);
        assertNotNull(MachineSanity.md1(badWait, badRho, 10, 0.10), "wait " + badWait + " at " + badRho
                + "; correct: " + wait + " at " + rho);
    }

    @Test
    void aSaturatedHomeIsFlaggedAndItsQueueStaysWithinWhatTheCoresCanHaveInFlight() {
        final MesiProtocol p = protocol(CHIP, "full-map");
        final ClosedLoopMachine m = run(p, new HotHome(256, 0), 20_000, 100_000, null);
        final long elapsed = m.timeline().now() - m.countedFrom();
        final Resources resources = m.timeline().resources();
        assertTrue(resources.utilization(2 * HOT_HOME, elapsed) > ClosedLoopMachine.SATURATION,
                "256 cores with no gap saturate one home's interface: "
                        + resources.utilization(2 * HOT_HOME, elapsed));
        assertTrue(resources.maxUtilization(elapsed) <= 1 + 1e-9);
        // at most 256 requests wait: one 10-cycle service each
        final double wait = (double) resources.waitCycles(2 * HOT_HOME) / resources.served(2 * HOT_HOME);
        assertTrue(wait <= 256 * 10, "mean wait " + wait);
        assertFalse(wait < 10, "and it does queue: " + wait);
    }
}

package org.scalebench.coherence.timing;

import java.util.ArrayList;
import java.util.List;
import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * Drives a protocol through a {@link Timeline} from a script: each step is one access a core issues at a given time.
 * Completions are recorded per step, so tests can read each access's latency as the machine timed it.
 */
public final class ScriptedCores implements Timeline.Cores {

    private record Step(long time, int core, boolean write, long address, int sdid, int hdid) {
    }

    private final MesiProtocol protocol;
    private final Timeline timeline;
    private final List<Step> steps = new ArrayList<>();
    private final TimingPath path = new TimingPath();
    private long[] latency;
    private int[] next;

    /**
     * Creates the driver.
     *
     * @param protocol the protocol
     */
    public ScriptedCores(final MesiProtocol protocol) {
        this.protocol = protocol;
        this.timeline = new Timeline(protocol.config().cores(), new Resources(protocol.resources()), 16);
    }

    /**
     * Adds an access.
     *
     * @param time when its core issues it
     * @param core the core
     * @param write true for a store
     * @param address the byte address
     * @param sdid its sharer domain
     * @param hdid its home domain
     * @return this driver
     */
    public ScriptedCores at(final long time, final int core, final boolean write, final long address, final int sdid,
            final int hdid) {
        steps.add(new Step(time, core, write, address, sdid, hdid));
        return this;
    }

    /**
     * Runs every step; a core's steps must be given in time order and each must come after the previous one of the
     * same core has completed (or the core waits).
     *
     * @return each step's latency (completion minus issue; the hit time for a hit)
     */
    public long[] run() {
        latency = new long[steps.size()];
        next = new int[protocol.config().cores()];
        java.util.Arrays.fill(next, -1);
        // a core's first step wakes it; each later step of the core is issued when the previous completes
        final boolean[] woken = new boolean[protocol.config().cores()];
        for (int i = 0; i < steps.size(); i++) {
            final Step s = steps.get(i);
            if (!woken[s.core()]) {
                woken[s.core()] = true;
                next[s.core()] = i;
                timeline.wake(s.core(), s.time());
            }
        }
        timeline.run(this);
        return latency;
    }

    /**
     * The timeline (resources, clock).
     *
     * @return the timeline
     */
    public Timeline timeline() {
        return timeline;
    }

    @Override
    public long run(final int core, final long time) {
        final int i = next[core];
        final Step s = steps.get(i);
        if (protocol.issue(core, s.write(), s.address(), s.sdid(), s.hdid(), path)) {
            timeline.start(path, core, Math.max(time, s.time()), i);
            return -1;
        }
        latency[i] = protocol.config().privateHitCycles();
        return following(core, i, Math.max(time, s.time()) + latency[i]);
    }

    @Override
    public long completed(final int core, final int tag, final long issued, final long completed) {
        latency[tag] = completed - issued;
        return following(core, tag, completed);
    }

    private long following(final int core, final int done, final long free) {
        for (int k = done + 1; k < steps.size(); k++) {
            if (steps.get(k).core() == core) {
                next[core] = k;
                return Math.max(free, steps.get(k).time());
            }
        }
        next[core] = -1;
        return -1;
    }

    @Override
    public boolean stop() {
        return false;
    }
}

package org.scalebench.coherence.sim;

import java.util.ArrayList;
import java.util.List;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * A workload whose streams are written out access by access (domains 0, lines given by index), which counts what
 * each core drew: the machine's and the warm-up's tests compute what they expect from the same lists.
 */
final class ScriptedWorkload implements Workload {

    /** One access of a stream. */
    record Step(boolean write, long line, int gap) {
    }

    private final int[] issuing;
    private final List<List<Step>> streams = new ArrayList<>();
    private final int[] drawn;
    private long failAt = -1;
    private Throwable failure;
    private long drawnInAll;
    private long pause;

    ScriptedWorkload(final int cores, final int... issuing) {
        this.issuing = issuing.clone();
        this.drawn = new int[cores + 1];
        for (int c = 0; c <= cores; c++) {
            streams.add(new ArrayList<>());
        }
    }

    /** Appends an access to a core's stream. */
    ScriptedWorkload add(final int core, final boolean write, final long line, final int gap) {
        streams.get(core).add(new Step(write, line, gap));
        return this;
    }

    /** Appends reads of {@code lines} to a core's stream, no gaps. */
    ScriptedWorkload reads(final int core, final long... lines) {
        for (final long line : lines) {
            add(core, false, line, 0);
        }
        return this;
    }

    /** Makes the {@code at}-th draw (from 0, over all cores) throw {@code thrown}, checked or not. */
    ScriptedWorkload failing(final long at, final Throwable thrown) {
        this.failAt = at;
        this.failure = thrown;
        return this;
    }

    /** Makes every draw take {@code millis} of the host's time (a slow source). */
    ScriptedWorkload pacing(final long millis) {
        this.pause = millis;
        return this;
    }

    List<Step> stream(final int core) {
        return streams.get(core);
    }

    /** How many accesses the core has drawn. */
    int drawn(final int core) {
        return drawn[core];
    }

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
    }

    @Override
    public int[] issuingCores() {
        return issuing.clone();
    }

    /** The accesses of every stream: a scripted workload ends, as a trace does. */
    @Override
    public long length() {
        return streams.stream().mapToLong(List::size).sum();
    }

    @Override
    public boolean next(final int core, final Access out) {
        if (drawnInAll++ == failAt) {
            ScriptedWorkload.<RuntimeException>sneaky(failure);
        }
        if (pause > 0) {
            try {
                Thread.sleep(pause);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        final List<Step> s = streams.get(core);
        if (drawn[core] == s.size()) {
            return false;
        }
        final Step step = s.get(drawn[core]++);
        out.set(step.write(), step.line() << LineAddress.LINE_SHIFT, 0, 0);
        out.gap = step.gap();
        return true;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(final Throwable t) throws T {
        throw (T) t;
    }
}

package org.scalebench.coherence.sim;

import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * A stream of reads by core 5 that never ends (length -1, as a synthetic workload's), its {@code k}-th access (from 0)
 * a read of line {@code line(k)} after a gap of {@code gap(k)} cycles: the runs that settle, and the warm-ups that
 * judge windows of 262,144 accesses, need a stream that does not run out.
 */
final class EndlessWorkload implements Workload {

    /** The issuing core. */
    static final int CORE = 5;

    private final LongUnaryOperator line;
    private final LongToIntFunction gap;
    private long drawn;
    private boolean domainsDefined;

    EndlessWorkload(final LongUnaryOperator line, final LongToIntFunction gap) {
        this.line = line;
        this.gap = gap;
    }

    /** Line 100 over and over, no gaps: one cold miss, then hits. */
    static EndlessWorkload oneLine() {
        return new EndlessWorkload(k -> 100, k -> 0);
    }

    /** The first {@code n} accesses, as a scripted stream of core {@link #CORE} (for a twin protocol's costs). */
    ScriptedWorkload prefix(final int n) {
        final ScriptedWorkload w = new ScriptedWorkload(16, CORE);
        for (int k = 0; k < n; k++) {
            w.add(CORE, false, line.applyAsLong(k), gap.applyAsInt(k));
        }
        return w;
    }

    /** Accesses drawn so far. */
    long drawn() {
        return drawn;
    }

    /** Whether the run gave the workload its domains. */
    boolean domainsDefined() {
        return domainsDefined;
    }

    @Override
    public String name() {
        return "endless";
    }

    @Override
    public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
        domainsDefined = sharers != null && homes != null;
    }

    @Override
    public int[] issuingCores() {
        return new int[] {CORE};
    }

    @Override
    public boolean next(final int core, final Access out) {
        final long k = drawn++;
        out.set(false, line.applyAsLong(k) << LineAddress.LINE_SHIFT, 0, 0);
        out.gap = gap.applyAsInt(k);
        return true;
    }
}

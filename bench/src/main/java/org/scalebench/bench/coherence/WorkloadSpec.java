package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.coherence.sim.TraceWorkload;
import org.scalebench.coherence.sim.Workload;
import org.scalebench.core.data.Named;
import org.scalebench.core.data.TextLimits;

/**
 * A workload as the command line names it ({@code --workload}, {@code --group-size}, {@code --outside},
 * {@code --active}), from which each run builds its own fresh access stream. Immutable.
 *
 * @param spec {@code vm}, {@code app}, {@code page} or {@code trace:FILE}
 * @param groupSize cores per VM/application or sharers per page group; null for the default
 * @param outside fraction of accesses from outside the domain; null for the default
 * @param active VMs or applications that issue accesses; null or 0 for all
 */
public record WorkloadSpec(String spec, Integer groupSize, Double outside, Integer active) {

    /**
     * The synthetic VM workload with default parameters.
     *
     * @return {@code vm}
     */
    public static WorkloadSpec vm() {
        return new WorkloadSpec("vm", null, null, null);
    }

    /**
     * A trace.
     *
     * @param file the trace file
     * @return {@code trace:FILE}
     */
    public static WorkloadSpec trace(final Path file) {
        return new WorkloadSpec("trace:" + file, null, null, null);
    }

    /**
     * A copy with another outside fraction.
     *
     * @param fraction the fraction
     * @return the copy
     */
    public WorkloadSpec withOutside(final double fraction) {
        return new WorkloadSpec(spec, groupSize, fraction, active);
    }

    /**
     * A copy with another number of active domains.
     *
     * @param count active domains (0 for all)
     * @return the copy
     */
    public WorkloadSpec withActive(final int count) {
        return new WorkloadSpec(spec, groupSize, outside, count);
    }

    /** @return whether it is a trace */
    public boolean isTrace() {
        return spec.startsWith("trace:");
    }

    /**
     * Builds a fresh stream.
     *
     * @param system the machine
     * @param seed the seed
     * @return the workload
     * @throws IOException if a trace cannot be read
     * @throws IllegalArgumentException if the workload is unknown or its parameters do not fit the machine
     */
    public Workload build(final SystemSpec system, final long seed) throws IOException {
        if (isTrace()) {
            final Path file = Path.of(spec.substring("trace:".length()));
            TraceSource.open(file).close();
            return new TraceWorkload(spec, system, () -> TraceSource.open(file), groupSize == null ? 16 : groupSize);
        }
        final SyntheticWorkload.Kind kind;
        try {
            kind = Named.parse(SyntheticWorkload.Kind.class, "workload", spec);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("workload = " + TextLimits.quoted(spec) + ": must be "
                    + String.join(", ", Named.ids(SyntheticWorkload.Kind.class)) + " or trace:FILE", e);
        }
        SyntheticWorkload.Params p = SyntheticWorkload.Params.defaults(kind, system, seed);
        if (groupSize != null) {
            p = p.withGroupSize(groupSize);
        }
        if (outside != null) {
            p = p.withOutside(outside);
        }
        if (active != null) {
            p = p.withActive(active);
        }
        return new SyntheticWorkload(system, p);
    }
}

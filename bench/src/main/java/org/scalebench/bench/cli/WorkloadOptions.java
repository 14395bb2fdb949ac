package org.scalebench.bench.cli;

import java.io.IOException;
import org.scalebench.bench.coherence.WorkloadSpec;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceWorkload;
import org.scalebench.coherence.sim.Workload;
import org.scalebench.core.data.DataFileException;
import picocli.CommandLine.Option;
import org.scalebench.core.data.TextLimits;

/**
 * The workload options of {@code coherence simulate}, {@code compare} and {@code trace record}: one spelling,
 * one help text and one set of checks, with messages that name the options as typed.
 */
final class WorkloadOptions {

    @Option(names = "--workload", required = true, paramLabel = "W", description = "vm, app, page or trace:FILE.")
    String workload;

    @Option(names = "--group-size", paramLabel = "K", description = "Cores per VM or application, sharers per page "
            + "group (default: 16, 16, 4; the VM size when a trace names no domains, refused with one that does).")
    Integer groupSize;

    @Option(names = "--outside", paramLabel = "F", description = "Fraction of accesses from outside the domain, in "
            + "[0, 1] (default: 0.01, an assumption; reproduce sweeps it from 0 to 0.01).")
    Double outside;

    @Option(names = "--active", paramLabel = "K", description = "VMs or applications that issue accesses, spread "
            + "evenly over the machine; the others stay idle (default: 0, all).")
    Integer active;

    /**
     * The workload as given, checked for values no machine accepts.
     *
     * @return the spec
     * @throws UsageException naming the option, the value and what is allowed
     */
    WorkloadSpec spec() {
        if (outside != null && !(outside >= 0 && outside <= 1)) {
            throw new UsageException("--outside = " + outside + ": must be in [0, 1]");
        }
        if (groupSize != null && groupSize < 1) {
            throw new UsageException("--group-size = " + groupSize + ": must be at least 1");
        }
        if (active != null && active < 0) {
            throw new UsageException("--active = " + active + ": must be at least 0 (0 = all)");
        }
        final WorkloadSpec spec = new WorkloadSpec(workload, groupSize, outside, active);
        if (spec.isTrace() && (outside != null || active != null)) {
            throw new UsageException("--workload " + TextLimits.quoted(workload) + ": a trace fixes who accesses what; "
                    + "--outside and "
                    + "--active apply to vm, app and page");
        }
        return spec;
    }

    /**
     * Builds the workload on a machine; what the machine refuses (a group size that does not divide its cores,
     * more active domains than it has) is reported with the options that chose it.
     *
     * @param machine the machine
     * @param seed the seed
     * @return the workload
     * @throws IOException if a trace cannot be read
     * @throws UsageException naming the options
     */
    Workload build(final SystemSpec machine, final long seed) throws IOException {
        final WorkloadSpec spec = spec();
        if (spec.isTrace()) {
            OptionValues.inputFile("--workload trace:FILE", workload.substring(workload.indexOf(':') + 1));
        }
        final Workload built;
        try {
            built = spec.build(machine, seed);
        } catch (final DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            final String message = OptionValues.echoed(String.valueOf(e.getMessage()), workload);
            throw new UsageException(message.startsWith("workload = ") ? OptionValues.rename("--workload", message)
                    : given() + " on " + machine.name() + ": " + message);
        }
        if (groupSize != null && built instanceof TraceWorkload t && t.namesDomains()) {
            throw new UsageException("--group-size " + groupSize + ": the trace names its domains (a domain column); "
                    + "--group-size sets the VM size of a trace that names none");
        }
        return built;
    }

    /** The workload options as the user typed them, e.g. {@code --workload vm --group-size 3}. */
    private String given() {
        final StringBuilder s = new StringBuilder("--workload ").append(TextLimits.quoted(workload));
        if (groupSize != null) {
            s.append(" --group-size ").append(groupSize);
        }
        if (outside != null) {
            s.append(" --outside ").append(outside);
        }
        if (active != null) {
            s.append(" --active ").append(active);
        }
        return s.toString();
    }
}

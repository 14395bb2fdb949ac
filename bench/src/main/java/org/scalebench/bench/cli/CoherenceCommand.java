package org.scalebench.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code scalebench coherence ...}: the Coherence Domain Restriction experiments. */
@Command(name = "coherence", mixinStandardHelpOptions = true,
        description = "Coherence Domain Restriction: storage model, protocol tester and checker, simulator, comparisons.",
        subcommands = {CoherenceStorageCommand.class, CoherenceVerifyCommand.class, CoherenceCheckCommand.class,
            CoherenceSimulateCommand.class, CoherenceCompareCommand.class, CoherenceSweepCommand.class,
            CoherenceTraceCommand.class})
public final class CoherenceCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: "
                + String.join(", ", spec.subcommands().keySet()));
    }
}

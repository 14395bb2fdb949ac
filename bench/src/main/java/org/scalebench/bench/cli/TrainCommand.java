package org.scalebench.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code scalebench train}: the hybrid data + model parallel training projector (Pal et al., IEEE Micro 2019). */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = "Project data-parallel against hybrid-parallel training time, price collectives, reproduce"
                + " the paper's claims.",
        subcommands = {TrainProjectCommand.class, TrainCollectiveCommand.class, TrainReproduceCommand.class,
            TrainValidateCommand.class,
            TrainLlmCommand.class})
public final class TrainCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: "
                + String.join(", ", spec.subcommands().keySet()));
    }
}

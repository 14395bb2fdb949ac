package org.scalebench.bench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.scalebench.bench.train.LlmReproduction;
import org.scalebench.bench.io.StagedDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench train llm reproduce}: best TP x PP x DP per GPU count for each built-in transformer. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"For each built-in transformer and 8 to 8192 GPUs on dgx-a100 (A100 80GB) and dgx-h100, search"
                + " the fastest TP x PP x DP configuration that fits, and the configuration and global batch reaching"
                + " a target loss soonest; validate against published Megatron-LM runs (the GEMM efficiency fitted on"
                + " the calibration rows only, the validation rows beside Calculon's). Writes DIR/llm.csv,"
                + " DIR/llm-validation.csv, DIR/llm-parallelism.png, DIR/llm-time-to-loss.png and DIR/llm.md."})
public final class TrainLlmReproduceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "report", "llm");

    @Override
    public Integer call() throws Exception {
        try (StagedDirectory staged = OutputPaths.stage(out, "--out", spec)) {
            final LlmReproduction.Result result = new LlmReproduction().run(staged.staging(),
                    spec.commandLine().getOut());
            staged.publish(OutputPaths.marker(spec));
            spec.commandLine().getOut().println(OutputPaths.wrote(staged.directory(), result.files()));
        }
        return Scalebench.OK;
    }
}

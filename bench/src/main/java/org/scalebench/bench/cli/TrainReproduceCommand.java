package org.scalebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.train.TrainingReproduction;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.bench.io.StagedDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench train reproduce}: the paper's three models, its claims against scalebench's projections. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Project Inception-V3, GNMT and BigLSTM on DGX-1 (N = 1 to 8192, M = 1, 2, 4, 8) from cited"
                + " inputs; write DIR/hybrid.csv, DIR/speedup.png and DIR/claims.md (the paper's claims, the"
                + " projections, the gaps, the crossover N, the break-even value of each deciding input, a sensitivity"
                + " table with one row per modelling change or"
                + " swept default, and the step model against the scaling corpus)."})
public final class TrainReproduceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "report", "train");

    @Option(names = "--cluster", paramLabel = "NAME|FILE",
            description = "The cluster (default: ${DEFAULT-VALUE}, the paper's DGX-1 with V100).")
    String cluster = "dgx1";

    @Override
    public Integer call() throws Exception {
        final TrainingReproduction reproduction = new TrainingReproduction(
                OptionValues.named("--cluster", cluster, () -> ClusterCatalog.resolve(cluster)), ProjectionOptions.DEFAULTS);
        try (StagedDirectory staged = OutputPaths.stage(out, "--out", TrainingReproduction.OUTPUTS,
                OutputPaths.producer(spec))) {
            final TrainingReproduction.Result result = reproduction.run(staged.staging(), spec.commandLine().getOut());
            staged.publish(OutputPaths.marker(spec));
            spec.commandLine().getOut().println(OutputPaths.wrote(staged.directory(),
                    List.of(result.csv(), result.png(), result.markdown())));
        }
        return Scalebench.OK;
    }
}

package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.train.ProjectionReport;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.projection.CommunicationModel;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.Projector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench train project}: time to train for DP and hybrid strategies at each device count. */
@Command(name = "project", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Project end-to-end training time, T = epochs(B) * (D / B) * T_step, for pure data"
                + " parallelism and for hybrid parallelism (N/M workers of M GPUs) at each device count N; print the"
                + " best strategy per N with its breakdown, the crossover N and the speedups; optionally write every"
                + " strategy as CSV."})
public final class TrainProjectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "NAME|FILE",
            description = "inception-v3, gnmt, biglstm, or a profile CSV file.")
    String model;

    @Option(names = "--cluster", paramLabel = "NAME|FILE",
            description = "dgx1, dgx-a100, dgx-h100, or a cluster CSV file (default: ${DEFAULT-VALUE}).")
    String cluster = "dgx1";

    @Option(names = "--devices", split = ",", paramLabel = "N",
            description = "Device counts (default: 1,2,4,...,8192).")
    int[] devices = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};

    @Option(names = "--mp", split = ",", paramLabel = "M",
            description = "MP degrees, GPUs per hybrid worker; 1 (data parallelism) is always included"
                    + " (default: 1,2,4,8).")
    int[] mp = {1, 2, 4, 8};

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Write every strategy at every N to this CSV.")
    Path out;

    @Option(names = "--overlap", paramLabel = "F",
            description = "Fraction of the gradient exchange that may hide under backprop, 0 to 1"
                    + " (default: ${DEFAULT-VALUE}).")
    double overlap;

    @Option(names = "--allreduce", paramLabel = "sharded|full",
            description = "Hybrid gradient all-reduce: each GPU its 1/M shard, or one GPU the whole gradient"
                    + " (default: ${DEFAULT-VALUE}).")
    String allreduce = "sharded";

    @Option(names = "--comm", paramLabel = "MODEL",
            description = "Gradient exchange model: nccl, ring, hierarchical, hierarchical-tree"
                    + " (default: ${DEFAULT-VALUE}).")
    String comm = "nccl";

    @Option(names = "--nccl", paramLabel = "2019|current",
            description = "NCCL constants (default: the cluster's own generation).")
    String nccl;

    @Option(names = "--batch", paramLabel = "B",
            description = "Per-device (DP) and per-worker (hybrid) batch for every strategy (default: the fastest"
                    + " power of two per strategy).")
    Integer batch;

    @Override
    public Integer call() throws Exception {
        final int[] sorted = TrainOptions.devices("--devices", devices);
        if (overlap < 0 || overlap > 1 || Double.isNaN(overlap)) {
            throw new UsageException("--overlap = " + overlap + ": must be in [0, 1]");
        }
        if (batch != null && batch < 1) {
            throw new UsageException("--batch = " + batch + ": must be at least 1");
        }
        final String mode = allreduce.trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("sharded") && !mode.equals("full")) {
            throw new UsageException("--allreduce = '" + allreduce + "': must be sharded or full");
        }
        final ProjectionOptions options = new ProjectionOptions(overlap, mode.equals("sharded"),
                CommunicationModel.parse(comm), nccl == null ? null : NcclGeneration.parse(nccl),
                batch == null ? 0 : batch);
        final ModelProfile profile = ModelCatalog.resolve(model);
        final Cluster c = ClusterCatalog.resolve(cluster);
        final Projector projector = new Projector(profile, c, options, mp);
        final ProjectionReport report = ProjectionReport.of(projector, sorted);
        final PrintWriter stdout = spec.commandLine().getOut();
        report.print(stdout);
        if (out != null) {
            ProjectionReport.writeCsv(out, false, List.of(report));
            stdout.println("wrote " + out + " (" + report.rows(false).size() + " rows: "
                    + Arrays.toString(projector.degrees()) + " MP degrees x " + sorted.length + " device counts)");
        }
        return Scalebench.OK;
    }
}

package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.train.ByteSize;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.cluster.ClusterCollectives;
import org.scalebench.training.collective.BusBandwidth;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.NcclAlgorithm;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.NcclProtocol;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench train collective}: the time and bus bandwidth of a collective under every model. */
@Command(name = "collective", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Price a collective on a cluster with each algorithm (alpha-beta-gamma closed forms and NCCL's"
                + " tuning model): time, algorithm bandwidth and bus bandwidth (nccl-tests definitions), and the"
                + " fastest."})
public final class TrainCollectiveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--op", required = true, paramLabel = "OP",
            description = "all-reduce, reduce-scatter, all-gather, broadcast, reduce or all-to-all.")
    String op;

    @Option(names = "--ranks", required = true, split = ",", paramLabel = "P", description = "Rank counts.")
    int[] ranks;

    @Option(names = "--bytes", required = true, paramLabel = "SIZES",
            description = "Message sizes, e.g. 1K,1M,100M (K = 1024 bytes; see nccl-tests for what each collective"
                    + " counts).")
    String bytes;

    @Option(names = "--cluster", paramLabel = "NAME|FILE",
            description = "dgx1, dgx-a100, dgx-a100-80gb, dgx-h100, dgx2, dgx2h, jean-zay-a100, or a cluster CSV file (default: "
                    + "${DEFAULT-VALUE}).")
    String cluster = "dgx1";

    @Option(names = "--algo", split = ",", paramLabel = "NAME",
            description = "Algorithms to compare (default: all for the collective).")
    List<String> algorithms;

    @Option(names = "--nccl", paramLabel = "2019|current",
            description = "NCCL constants (default: the cluster's own generation).")
    String nccl;

    @Option(names = "--table",
            description = "Also print NCCL's tuning table for each case: latency, algorithm bandwidth, size factor and"
                    + " time of every algorithm x protocol, as NCCL's tuning debug output lists them, beside the"
                    + " chosen one.")
    boolean table;

    @Override
    public Integer call() {
        final Collective collective = OptionValues.named("--op", op, () -> Collective.parse(op));
        final int[] counts = TrainOptions.devices("--ranks", ranks);
        final long[] sizes = ByteSize.parseList("--bytes", bytes);
        final Cluster c = OptionValues.named("--cluster", cluster, () -> ClusterCatalog.resolve(cluster));
        final NcclGeneration generation = nccl == null ? c.ncclGeneration()
                : OptionValues.named("--nccl", nccl, () -> NcclGeneration.parse(nccl));
        final List<String> names = algorithms == null ? ClusterCollectives.algorithms(collective)
                : OptionValues.distinct("--algo", algorithms);
        for (final String name : names) {
            OptionValues.named("--algo", name, () -> ClusterCollectives.of(collective, name, c, 1, generation));
        }
        final NcclModel ncclModel = new NcclModel(NcclConstants.of(generation), c.ncclFabric(generation));
        final PrintWriter out = spec.commandLine().getOut();
        for (final int p : counts) {
            final int nodes = c.nodesFor(p);
            for (final long n : sizes) {
                out.printf(Locale.ROOT, "%s, %d ranks (%d node%s of %s), %s (%d B):%n", collective.id(), p, nodes,
                        nodes == 1 ? "" : "s", c.name(), ByteSize.format(n), n);
                out.printf(Locale.ROOT, "  %-34s %14s %14s %14s%n", "algorithm", "time us", "algBw GB/s", "busBw GB/s");
                String fastest = null;
                double best = Double.POSITIVE_INFINITY;
                for (final String name : names) {
                    final CollectiveCost cost = ClusterCollectives.of(collective, name, c, p, generation);
                    final double t = cost.seconds(n, p);
                    String label = name;
                    if (name.trim().equalsIgnoreCase("nccl") && p > 1) {
                        final int choice = ncclModel.fastest(collective, n, p, nodes);
                        label = "nccl " + generation.id() + " (" + NcclModel.algorithmOf(choice) + "/"
                                + NcclModel.protocolOf(choice) + ")";
                    }
                    final boolean moves = t > 0;
                    final double alg = moves ? n / t / 1e9 : Double.NaN;
                    final double bus = moves ? BusBandwidth.busBandwidth(collective, p, alg) : Double.NaN;
                    out.printf(Locale.ROOT, "  %-34s %14.3f %14s %14s%n", label, t * 1e6, moves ? String.format(
                            Locale.ROOT, "%.3f", alg) : "-", moves ? String.format(Locale.ROOT, "%.3f", bus) : "-");
                    if (t < best) {
                        best = t;
                        fastest = label;
                    }
                }
                out.println("  fastest: " + fastest);
                if (table) {
                    printTuning(out, ncclModel, collective, n, p, nodes, generation);
                }
            }
        }
        return Scalebench.OK;
    }

    /**
     * NCCL's tuning table for one case: every algorithm and protocol with the latency and algorithm bandwidth the
     * tuning model assigns (NCCL's {@code NCCL_DEBUG_SUBSYS=TUNING} table), the size-dependent factor
     * ({@code treeCorrectionFactor} on the bandwidth, the ring plateau on the latency), the time, and the choice.
     */
    private static void printTuning(final PrintWriter out, final NcclModel model, final Collective collective,
            final long bytes, final int ranks, final int nodes, final NcclGeneration generation) {
        out.printf(Locale.ROOT, "  NCCL %s tuning (%s, %d ranks, %d node%s, host CPU %s):%n", generation.id(),
                model.fabric().architecture().name().toLowerCase(Locale.ROOT), ranks, nodes, nodes == 1 ? "" : "s",
                model.fabric().hostCpu().id());
        out.printf(Locale.ROOT, "    %-13s %12s %12s %12s %12s %14s%n", "algo/proto", "latency us", "algBw GB/s",
                "bw factor", "lat factor", "time us");
        final int chosen = ranks > 1 ? model.fastest(collective, bytes, ranks, nodes) : -1;
        for (final NcclAlgorithm a : NcclAlgorithm.values()) {
            for (final NcclProtocol pr : NcclProtocol.values()) {
                final double bw = model.algBandwidth(collective, a, pr, ranks, nodes);
                final String name = a.name() + "/" + pr.name();
                if (!(bw > 0) || ranks == 1) {
                    out.printf(Locale.ROOT, "    %-13s %12s %12s %12s %12s %14s%n", name, "-", "-", "-", "-",
                            ranks == 1 ? "0" : "not used");
                    continue;
                }
                final double bwFactor = a == NcclAlgorithm.TREE ? model.treeCorrectionFactor(pr, bytes) : 1.0;
                out.printf(Locale.ROOT, "    %-13s %12.1f %12.2f %12.2f %12.2f %14.3f%s%n", name,
                        model.latency(collective, a, pr, ranks, nodes), bw, bwFactor,
                        model.latencyFactor(collective, a, pr, bytes, ranks, nodes),
                        model.seconds(collective, a, pr, bytes, ranks, nodes) * 1e6,
                        chosen == a.ordinal() * 3 + pr.ordinal() ? "  <- chosen" : "");
            }
        }
    }
}

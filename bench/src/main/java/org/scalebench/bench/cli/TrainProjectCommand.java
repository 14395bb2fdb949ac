package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.train.ProjectionStudy;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.cluster.NicSharing;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.efficiency.InterpolatedEfficiency;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.projection.CommunicationModel;
import org.scalebench.training.projection.OptimizerSharding;
import org.scalebench.training.projection.ProjectionOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench train project}: time to train for DP and hybrid strategies at each device count. */
@Command(name = "project", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Project end-to-end training time, T = epochs(B) * (D / B) * T_step, for pure data"
                + " parallelism and for hybrid parallelism (N/M workers of M GPUs) at each device count N; print the"
                + " best strategy per N with its breakdown, the crossover N and the speedups; with --out DIR, write"
                + " every strategy at every N to DIR/projection.csv.",
            "Several models and clusters (--model a,b --cluster x,y) form a study of model x cluster points that runs"
                + " on all cores (--jobs), in shards (--shard I/N, then 'scalebench merge') or on Slurm"
                + " ('scalebench slurm')."})
public final class TrainProjectCommand implements Callable<Integer>, StudyCommand {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, split = ",", paramLabel = "NAME|FILE",
            description = "inception-v3, gnmt, biglstm, gnmt-4layer, or a profile CSV file; a list for a study.")
    List<String> models;

    @Option(names = "--cluster", split = ",", paramLabel = "NAME|FILE",
            description = "dgx1, dgx-a100, dgx-a100-80gb, dgx-h100, dgx2, dgx2h, jean-zay-a100, or a cluster CSV file; a list for a "
                    + "study (default: dgx1).")
    List<String> clusters = List.of("dgx1");

    @Option(names = "--devices", split = ",", paramLabel = "N",
            description = "Device counts (default: 1,2,4,...,8192).")
    int[] devices = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};

    @Option(names = "--mp", split = ",", paramLabel = "M",
            description = "MP degrees, GPUs per hybrid worker; 1 (data parallelism) is always included"
                    + " (default: 1,2,4,8).")
    int[] mp = {1, 2, 4, 8};

    @Option(names = "--out", paramLabel = "DIR", description = "Write every strategy at every N, for every model and"
            + " cluster, to DIR/projection.csv (with provenance columns).")
    Path out;

    @Mixin
    StudyOptions study = new StudyOptions();

    @Option(names = "--overlap", paramLabel = "F",
            description = "Fraction of the gradient exchange that may hide under backprop, 0 to 1"
                    + " (default: ${DEFAULT-VALUE}).")
    double overlap;

    @Option(names = "--allreduce", paramLabel = "sharded|full",
            description = "Hybrid gradient all-reduce: each GPU the gradient of the parameters it holds, or one GPU the"
                    + " whole gradient (default: ${DEFAULT-VALUE}).")
    String allreduce = "sharded";

    @Option(names = "--shard-sizes", paramLabel = "placement|even",
            description = "Sharded all-reduce priced by the placement's largest per-GPU shard, or by even G/M shards"
                    + " (default: ${DEFAULT-VALUE}).")
    String shards = "placement";

    @Option(names = "--nic-sharing", paramLabel = "per-node|per-gpu",
            description = "How a node's GPUs share its NICs: one pool, or rails (default: the cluster's own).")
    String nicSharing;

    @Option(names = "--optimizer", paramLabel = "replicated|sharded|sharded-in-node",
            description = "Optimizer state on every worker with one all-reduce; split over all data-parallel workers"
                    + " (ZeRO-1, Megatron's distributed optimizer: reduce-scatter, then an all-gather of the parameters);"
                    + " or split over a node's workers, the shards all-reduced across nodes (Apex DistributedFusedAdam)."
                    + " Priced with --comm nccl only (default: ${DEFAULT-VALUE}).")
    String optimizer = "replicated";

    @Option(names = "--param-gather", paramLabel = "exposed|overlapped",
            description = "With a sharded optimizer: the next forward pass waits for the whole all-gather of the updated"
                    + " parameters, or the parameters are gathered in --bucket buckets while it runs (Megatron-LM's"
                    + " --overlap-param-gather), so it waits only for buckets not yet gathered (default:"
                    + " ${DEFAULT-VALUE}).")
    String paramGather = "exposed";

    @Option(names = "--bucket", paramLabel = "SIZE",
            description = "All-reduce gradients in buckets of this size, each paying the latency (e.g. 25M; default:"
                    + " ${DEFAULT-VALUE}, one all-reduce of the whole gradient).")
    String bucket = "0";

    @Option(names = "--precision", paramLabel = "fp32|mixed",
            description = "Step times and gradient width: fp32, or mixed where the profile has measured mixed-precision"
                    + " step times (default: ${DEFAULT-VALUE}).")
    String precision = "fp32";

    @Option(names = "--epochs", paramLabel = "profile|fit|points",
            description = "Epochs against global batch: the profile's model, McCandlish's curve fitted by least squares"
                    + " through its measured points, or their log-log interpolation (default: ${DEFAULT-VALUE}).")
    String epochs = "profile";

    @Option(names = "--step-overhead", paramLabel = "S",
            description = "Fixed seconds every GPU pays per step besides the optimizer update, below the shortest"
                    + " measured step of the precision run (default: the profile's step_overhead_s; refused with"
                    + " --without step-overhead).")
    Double stepOverhead;

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

    @Option(names = "--accumulation", paramLabel = "K",
            description = "Micro-steps whose gradients a worker accumulates before each exchange; the largest device"
                    + " count times --batch (or 1) times K must not exceed an epoch's samples (default: ${DEFAULT-VALUE}).")
    int accumulation = 1;

    @Option(names = "--without", paramLabel = "EFFECT[,EFFECT]",
            description = "Parts of the step model to switch off: step-overhead, timeline, loss-scaling, cube-mesh,"
                    + " straggler, input-pipeline (default: none; device-speed applies to train validate only).")
    String without = "none";

    @Option(names = "--scaling", paramLabel = "none|fitted",
            description = "Multi-GPU step costs (synchronisation overhead, straggler spread, loss scaling): none, or"
                    + " those fitted on the scaling corpus for the model's family (paper-scaling.csv; built-in paper"
                    + " models only) (default: ${DEFAULT-VALUE}).")
    String scaling = "none";

    @Override
    public Integer call() throws Exception {
        study.jobs(); // checked before any work, with or without --out
        final ProjectionStudy projection = study();
        if (out == null) {
            if (study.shard != null) {
                throw new UsageException("--shard needs --out DIR (the shard directory)");
            }
        } else {
            StudyExecution.run(this, spec);
            if (study.shard != null) {
                return Scalebench.OK;
            }
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        for (int point = 0; point < projection.points(); point++) {
            projection.report(point).print(stdout);
        }
        return Scalebench.OK;
    }

    @Override
    public Path out() {
        return out;
    }

    @Override
    public StudyOptions studyOptions() {
        return study;
    }

    @Override
    public ProjectionStudy study() {
        if (out != null && out.toString().endsWith(".csv")) {
            throw new UsageException("--out " + TextLimits.quoted(out.toString()) + ": a directory now (train project writes DIR/projection.csv)");
        }
        final int[] sorted = TrainOptions.devices("--devices", devices);
        if (overlap < 0 || overlap > 1 || Double.isNaN(overlap)) {
            throw new UsageException("--overlap = " + overlap + ": must be in [0, 1]");
        }
        if (batch != null && batch < 1) {
            throw new UsageException("--batch = " + batch + ": must be at least 1");
        }
        final String mode = TrainOptions.choice("--allreduce", allreduce, "sharded", "full");
        final String shardMode = TrainOptions.choice("--shard-sizes", shards, "placement", "even");
        final String epochsMode = TrainOptions.choice("--epochs", epochs, "profile", "fit", "points");
        final Precision p = OptionValues.named("--precision", precision, () -> Precision.parse(precision));
        final NicSharing sharing = nicSharing == null ? null
                : OptionValues.named("--nic-sharing", nicSharing, () -> NicSharing.parse(nicSharing));
        final long bucketBytes = TrainOptions.bytes("--bucket", bucket);
        if (accumulation < 1) {
            throw new UsageException("--accumulation = " + accumulation + ": must be at least 1");
        }
        final java.util.Set<org.scalebench.training.projection.ScalingEffect> disabled = TrainOptions.effects(
                "--without", without);
        if (disabled.contains(org.scalebench.training.projection.ScalingEffect.DEVICE_SPEED)) {
            throw new UsageException("--without: 'device-speed' relates two systems' speeds, which only train validate"
                    + " does (rows whose reference ran on another system); train project runs on one cluster");
        }
        final String scalingMode = TrainOptions.choice("--scaling", scaling, "none", "fitted");
        if (stepOverhead != null && !(stepOverhead >= 0 && stepOverhead < 1e6)) {
            throw new UsageException("--step-overhead = " + stepOverhead + ": must be seconds in [0, 1e6)");
        }
        if (stepOverhead != null && disabled.contains(org.scalebench.training.projection.ScalingEffect.STEP_OVERHEAD)) {
            throw new UsageException("--step-overhead = " + stepOverhead + " with --without step-overhead: the"
                    + " overhead is switched off, so the value would be ignored (give one of the two)");
        }
        ProjectionOptions options = new ProjectionOptions(overlap, mode.equals("sharded"),
                OptionValues.named("--comm", comm, () -> CommunicationModel.parse(comm)), nccl == null ? null : OptionValues.named("--nccl", nccl, () -> NcclGeneration.parse(nccl)),
                batch == null ? 0 : batch).withEvenShards(shardMode.equals("even")).withNicSharing(sharing)
                .withBucketBytes(bucketBytes).withAccumulationSteps(accumulation).withDisabledEffects(disabled);
        if (nccl != null && options.communication() != CommunicationModel.NCCL) {
            throw new UsageException("--nccl = " + TextLimits.quoted(nccl) + " with --comm = " + comm + ": NCCL's"
                    + " constants price --comm nccl only; the " + comm + " model has its own (the option would change"
                    + " nothing)");
        }
        final OptimizerSharding sharding = OptionValues.named("--optimizer", optimizer,
                () -> OptimizerSharding.parse(optimizer));
        if (sharding != OptimizerSharding.REPLICATED && options.communication() != CommunicationModel.NCCL) {
            throw new UsageException("--optimizer = " + optimizer + " with --comm = " + comm + ": a sharded"
                    + " optimizer's exchange is priced with --comm nccl only");
        }
        options = options.withOptimizerSharding(sharding);
        final String gatherMode = TrainOptions.choice("--param-gather", paramGather, "exposed", "overlapped");
        final boolean gatherOverlapped = gatherMode.equals("overlapped");
        if (gatherOverlapped && sharding == OptimizerSharding.REPLICATED) {
            throw new UsageException("--param-gather = overlapped with --optimizer = " + optimizer + ": only a sharded"
                    + " optimizer gathers parameters (--optimizer sharded or sharded-in-node)");
        }
        options = options.withParameterGatherOverlapped(gatherOverlapped);
        final org.scalebench.bench.train.TrainingReproduction fits = scalingMode.equals("fitted")
                ? new org.scalebench.bench.train.TrainingReproduction() : null;
        final List<ModelProfile> profiles = new ArrayList<>();
        final Map<String, String> modelNames = new HashMap<>();
        for (final String m : OptionValues.distinct("--model", models)) {
            final ModelProfile profile = variant(OptionValues.named("--model", m, () -> ModelCatalog.resolve(m)), p,
                    epochsMode);
            OptionValues.namedOnce("--model", m, profile.name(), modelNames);
            if (batch != null && batch > profile.maxBatchPerDevice()) {
                throw new UsageException("--batch = " + batch + ": must be at most max_batch_per_device = "
                        + profile.maxBatchPerDevice() + " of " + profile.name());
            }
            if (fits != null && !fits.fittedModels().contains(profile.name())) {
                throw new UsageException("--scaling = fitted with --model = " + TextLimits.quoted(m) + ": the scaling"
                        + " corpus fits terms for built-in paper models only (" + String.join(", ", fits.fittedModels())
                        + "); " + profile.name() + " would run without them");
            }
            profiles.add(fits == null ? profile : fits.fitted(profile));
            refuseBatchBeyondAnEpoch(profile, sorted[sorted.length - 1]);
        }
        final List<Cluster> machines = new ArrayList<>();
        final Map<String, String> clusterNames = new HashMap<>();
        for (final String c : OptionValues.distinct("--cluster", clusters)) {
            final Cluster cluster = OptionValues.named("--cluster", c, () -> ClusterCatalog.resolve(c));
            OptionValues.namedOnce("--cluster", c, cluster.name(), clusterNames);
            machines.add(cluster);
        }
        OptionValues.distinct("--mp", Arrays.stream(mp).mapToObj(Integer::toString).toList());
        for (final int m : mp) {
            for (final Cluster c : machines) {
                if (m < 1 || m > c.gpusPerNode()) {
                    throw new UsageException("--mp = " + m + ": must be in [1, " + c.gpusPerNode() + "], the GPUs per"
                            + " node of " + c.name() + " (a hybrid worker stays inside a node)");
                }
            }
            for (final int n : sorted) {
                if (m <= n && n % m != 0) {
                    throw new UsageException("--devices = " + n + " with --mp = " + m + ": every MP degree up to N"
                            + " must divide N (N / M workers of M GPUs)");
                }
            }
        }
        final List<String> settings = List.of(Double.toString(overlap), mode, shardMode,
                nicSharing == null ? "cluster" : nicSharing, Long.toString(bucketBytes),
                stepOverhead == null ? "profile" : Double.toString(stepOverhead), nccl == null ? "cluster" : nccl,
                batch == null ? "best" : Integer.toString(batch), Integer.toString(accumulation),
                disabled.isEmpty() ? "none" : String.join("+", disabled.stream().sorted()
                        .map(org.scalebench.training.projection.ScalingEffect::id).toList()), scalingMode,
                sharding.id(), gatherMode);
        return new ProjectionStudy(profiles, machines, options, mp, sorted, settings,
                Provenance.current(VersionProvider.version()));
    }

    /**
     * A global batch above the epoch's samples would take more than an epoch per step (the epochs model counts
     * fractional steps per epoch there): refused when the user's --batch or --accumulation alone makes it so.
     */
    private void refuseBatchBeyondAnEpoch(final ModelProfile profile, final int maxDevices) {
        final long smallest = (long) maxDevices * (batch == null ? 1 : batch) * accumulation;
        if (smallest > profile.samplesPerEpoch() && (batch != null || accumulation > 1)) {
            throw new UsageException((batch == null ? "" : "--batch = " + batch + " with ") + "--accumulation = "
                    + accumulation + " on " + maxDevices + " devices: a global batch of " + smallest + " samples"
                    + (batch == null ? " (at 1 sample per device)" : "") + " is more than one epoch of " + profile.name()
                    + " (" + profile.samplesPerEpoch() + " samples); allowed: devices x batch x accumulation up to an"
                    + " epoch");
        }
    }

    private ModelProfile variant(final ModelProfile base, final Precision p, final String epochsMode) {
        if (!base.precisions().contains(p)) {
            throw new UsageException("--precision = " + p.id() + ": " + base.name() + " has no measured " + p.id()
                    + "-precision step times (available: " + base.precisions().stream().map(Precision::id).toList()
                    + ")");
        }
        ModelProfile profile = base.withPrecision(p);
        if (stepOverhead != null) {
            try {
                profile = profile.withStepOverhead(stepOverhead);
            } catch (final IllegalArgumentException e) {
                throw new UsageException("--step-overhead = " + stepOverhead + ": " + e.getMessage());
            }
        }
        if (epochsMode.equals("profile")) {
            return profile;
        }
        final InterpolatedEfficiency points = profile.measuredEpochs();
        if (points == null) {
            throw new UsageException("--epochs = " + epochsMode + ": " + profile.name() + " has fewer than two measured"
                    + " epochs points (use --epochs profile)");
        }
        try {
            return profile.withEfficiency(epochsMode.equals("points") ? points : points.fitted());
        } catch (final IllegalArgumentException e) {
            throw new UsageException("--epochs = fit: " + e.getMessage());
        }
    }
}

package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.training.validation.ScalingCorpus;

class TrainCliTest {

    @Test
    void trainListsItsSubcommands() {
        final CliRun run = CliRun.of("train", "--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("project") && run.out().contains("collective")
                && run.out().contains("reproduce"), run.out());
        assertTrue(CliRun.of("--help").out().contains("train"));
    }

    @Test
    void projectPrintsTheBestStrategyPerDeviceCountAndWritesTheCsv(@TempDir final Path dir) throws IOException {
        final Path out = dir.resolve("gnmt");
        final CliRun run = CliRun.of("train", "project", "--model", "gnmt", "--cluster", "dgx1", "--devices",
                "1,8,64,512", "--mp", "1,2,4,8", "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("crossover:"), run.out());
        assertTrue(run.out().contains("SU_MP by lstm-wavefront"), run.out());
        final List<String> lines = Files.readAllLines(out.resolve("projection.csv"), StandardCharsets.UTF_8);
        assertTrue(lines.get(0).startsWith("model,cluster,devices,strategy,mp_degree,per_device_batch,global_batch,"
                + "epochs,step_time_s,time_to_train_h,speedup_vs_dp,"), lines.get(0));
        assertTrue(lines.get(0).endsWith(",overlap,allreduce,shard_mode,nic_sharing,bucket_bytes,step_overhead_s,nccl,"
                + "batch_choice,accumulation,without,scaling,optimizer,param_gather,scalebench_version,commit,jdk"),
                lines.get(0));
        // 1 (dp) + 8 (4 strategies) + 64 (4) + 512 (4)
        assertEquals(1 + 13, lines.size());
        assertTrue(lines.get(1).startsWith("gnmt,dgx1,1,dp,1,"), lines.get(1));
        try (var files = Files.list(out)) {
            assertEquals(List.of("projection.csv", "scalebench-run.txt"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(), "no temporary files left behind");
        }
    }

    @Test
    void projectStudiesGiveTheSameFileOnOneCoreOnTwoAndInMergedShards(@TempDir final Path dir) throws IOException {
        final String[] study = {"train", "project", "--model", "gnmt,biglstm,inception-v3", "--cluster",
            "dgx1,dgx-a100", "--devices", "1,64,4096"};
        assertEquals(0, CliRun.of(concat(study, "--jobs", "1", "--out", dir.resolve("one").toString())).exitCode());
        assertEquals(0, CliRun.of(concat(study, "--jobs", "2", "--out", dir.resolve("two").toString())).exitCode());
        for (int i = 0; i < 4; i++) {
            final CliRun shard = CliRun.of(concat(study, "--shard", i + "/4", "--out",
                    dir.resolve("shard-" + i).toString()));
            assertEquals(0, shard.exitCode(), shard.err());
        }
        final CliRun merge = CliRun.of("merge", "--out", dir.resolve("merged").toString(),
                dir.resolve("shard-3").toString(), dir.resolve("shard-1").toString(),
                dir.resolve("shard-0").toString(), dir.resolve("shard-2").toString());
        assertEquals(0, merge.exitCode(), merge.err());
        final String one = Files.readString(dir.resolve("one/projection.csv"));
        assertEquals(one, Files.readString(dir.resolve("two/projection.csv")));
        assertEquals(one, Files.readString(dir.resolve("merged/projection.csv")));
        assertEquals(1 + 6 * 9, one.lines().count());
        CliAssertions.assertBadInput(CliRun.of("merge", "--out", dir.resolve("m2").toString(),
                dir.resolve("shard-0").toString(), dir.resolve("shard-1").toString()),
                "missing shards 2/4, 3/4 of train project (given: 2)");
        CliAssertions.assertBadInput(CliRun.of(concat(study, "--shard", "4/4", "--out", dir.resolve("x").toString())),
                "--shard 4/4: must be I/N with 1 <= N <= 10000 and 0 <= I < N");
        CliAssertions.assertBadInput(CliRun.of("train", "project", "--model", "gnmt,gnmt", "--out",
                dir.resolve("y").toString()), "--model: 'gnmt' is given twice");
        CliAssertions.assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--out",
                dir.resolve("z.csv").toString()), "a directory now");
    }

    private static String[] concat(final String[] head, final String... tail) {
        final String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void collectivePrintsEveryAlgorithmAndTheFastest() {
        final CliRun run = CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "8,64", "--bytes", "1K,100M",
                "--cluster", "dgx1");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("all-reduce, 64 ranks (8 nodes of dgx1), 100M (104857600 B):"), run.out());
        assertTrue(run.out().contains("rabenseifner") && run.out().contains("nccl 2019 (RING/"), run.out());
        assertEquals(4, run.out().lines().filter(l -> l.startsWith("  fastest: ")).count(), run.out());
    }

    @Test
    void badNumbersAreOneLineExitTwo() {
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "0"),
                "--devices = 0: must be in [1, 16777216] (2^24)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "8,-4"),
                "--devices = -4: must be in [1, 16777216]");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "8,8"),
                "--devices: 8 is given twice");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "12"),
                "--devices = 12 with --mp = 8: every MP degree up to N must divide N");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--batch", "0"), "--batch = 0: must be at least 1");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--overlap", "2"), "--overlap = 2.0: must be in [0, 1]");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--mp", "16"), "--mp = 16: must be in [1, 8]");
        assertBadInput(CliRun.of("train", "project", "--model", "resnet"), "--model = 'resnet': must be one of");
        assertBadInput(CliRun.of("train", "collective", "--op", "scan", "--ranks", "8", "--bytes", "1K"),
                "--op = 'scan': must be one of");
        assertBadInput(CliRun.of("train", "collective", "--op", "broadcast", "--ranks", "2147483640", "--bytes", "1K"),
                "--ranks = 2147483640: must be in [1, 16777216] (2^24)");
        assertBadInput(CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "8", "--bytes", "1Q"),
                "--bytes = '1Q': must be a whole number of bytes");
        assertBadInput(CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "0", "--bytes", "1K"),
                "--ranks = 0: must be in [1, 16777216]");
        assertBadInput(CliRun.of("train", "collective", "--op", "all-to-all", "--ranks", "8", "--bytes", "1K", "--algo",
                "ring"), "--algo = 'ring' for all-to-all: must be one of pairwise, bruck");
    }

    @Test
    void projectRefusesJobsOutOfRangeWithOrWithoutOut(@TempDir final Path dir) {
        for (final String jobs : new String[] {"-1", "0", "4097", "2147483647"}) {
            assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--jobs", jobs),
                    "--jobs = " + jobs + ": must be in [1, 4096]");
        }
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt,biglstm", "--devices", "1,8", "--jobs", "-1"),
                "--jobs = -1: must be in [1, 4096]");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--jobs", "-7", "--out",
                dir.resolve("out").toString()), "--jobs = -7: must be in [1, 4096]");
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--jobs", "4096")
                .exitCode());
    }

    @Test
    void withoutRefusesAnEffectGivenTwice() {
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without",
                "timeline,timeline"), "--without: 'timeline' is given twice");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without",
                "timeline,straggler,Timeline"), "--without: 'Timeline' is given twice");
        assertBadInput(CliRun.of("train", "validate", "--summary", "--without", "timeline,timeline"),
                "--without: 'timeline' is given twice");
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without",
                "timeline,straggler").exitCode());
        // the two systems' speed ratio is train validate's alone
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without",
                "device-speed"), "--without: 'device-speed' relates two systems' speeds, which only train validate"
                + " does (rows whose reference ran on another system); train project runs on one cluster");
        assertEquals(0, CliRun.of("train", "validate", "--summary", "--without", "device-speed").exitCode());
    }

    @Test
    void withoutRefusesAnEmptyValueAsTrainLlmDoes() {
        final String allowed = ": must be one of step-overhead, timeline, loss-scaling, cube-mesh, straggler,"
                + " input-pipeline or device-speed";
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without="),
                "--without = ''" + allowed);
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without", "timeline,"),
                "--without = ''" + allowed);
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without", " "),
                "--without = ' '" + allowed);
        assertBadInput(CliRun.of("train", "validate", "--summary", "--without="), "--without = ''" + allowed);
        assertBadInput(CliRun.of("train", "validate", "--summary", "--without", ",timeline"),
                "--without = ''" + allowed);
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--without", "none")
                .exitCode());
    }

    @Test
    void projectTakesPrecisionEpochsShardsNicSharingBucketsAndOverhead() {
        final CliRun run = CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,64,512", "--precision",
                "mixed", "--epochs", "points", "--shard-sizes", "even", "--nic-sharing", "per-node", "--bucket", "25M",
                "--step-overhead", "0.005");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("mixed precision"), run.out());
        assertTrue(run.out().contains("measured points (batch:epochs)"), run.out());
        assertTrue(run.out().contains("evenly sharded all-reduce, NICs per-node"), run.out());
        assertTrue(run.out().contains("buckets of 25M"), run.out());
        assertTrue(run.out().contains("gradients fp16"), run.out());
        final CliRun sharded = CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,64", "--optimizer",
                "sharded-in-node");
        assertEquals(0, sharded.exitCode(), sharded.err());
        assertTrue(sharded.out().contains("optimizer sharded in each node (reduce-scatter in the node, all-reduce across"
                + " nodes, parameter all-gather in the node)"), sharded.out());
        final CliRun gather = CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,64", "--optimizer",
                "sharded", "--bucket", "25M", "--param-gather", "overlapped");
        assertEquals(0, gather.exitCode(), gather.err());
        assertTrue(gather.out().contains("optimizer sharded over the workers (reduce-scatter, parameter all-gather),"
                + " parameters gathered in buckets during the next forward pass"), gather.out());
        final CliRun fit = CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,64", "--epochs", "fit");
        assertTrue(fit.out().contains("E_min = 3.105, B_crit = 8055.47"), fit.out());
    }

    @Test
    void newProjectOptionsRejectBadValuesNamingTheOption() {
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--precision", "fp8"),
                "--precision = 'fp8': must be fp32 or mixed");
        assertBadInput(CliRun.of("train", "project", "--model", "inception-v3", "--precision", "mixed"),
                "--precision = mixed: inception-v3 has no measured mixed-precision step times (available: [fp32])");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--epochs", "guess"),
                "--epochs = 'guess': must be profile, fit or points");
        assertBadInput(CliRun.of("train", "project", "--model", "biglstm", "--epochs", "fit"),
                "--epochs = fit: biglstm has fewer than two measured epochs points (use --epochs profile)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--shard-sizes", "random"),
                "--shard-sizes = 'random': must be placement or even");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--nic-sharing", "per-rack"),
                "--nic-sharing = 'per-rack': must be per-node or per-gpu");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--bucket", "lots"),
                "--bucket = 'lots': must be a whole number of bytes");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--optimizer", "zero3"),
                "--optimizer = 'zero3': must be one of replicated, sharded or sharded-in-node");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--optimizer", "sharded", "--comm", "ring"),
                "--optimizer = sharded with --comm = ring: a sharded optimizer's exchange is priced with --comm nccl"
                        + " only");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--param-gather", "sometimes"),
                "--param-gather = 'sometimes': must be exposed or overlapped");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--param-gather", "overlapped"),
                "--param-gather = overlapped with --optimizer = replicated: only a sharded optimizer gathers"
                        + " parameters (--optimizer sharded or sharded-in-node)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--step-overhead", "-1"),
                "--step-overhead = -1.0: must be seconds in [0, 1e6)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--step-overhead", "5"),
                "--step-overhead = 5.0: fixed step time");
    }

    @Test
    void projectRefusesOptionsItWouldIgnoreOrStretchPastAnEpoch(@TempDir final Path dir) throws IOException {
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--comm", "ring", "--nccl", "2019"),
                "--nccl = '2019' with --comm = ring: NCCL's constants price --comm nccl only");
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "8", "--nccl", "2019")
                .exitCode(), "with NCCL's model the generation is used");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--step-overhead", "0.1", "--without",
                "step-overhead"), "--step-overhead = 0.1 with --without step-overhead: the overhead is switched off");
        // gnmt's FP32 step at batch 128 is 0.553 s, its mixed step 0.173 s: 0.2 s fits the first only
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "8", "--step-overhead", "0.2")
                .exitCode(), "an FP32 run is not bounded by the mixed-precision steps");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "8", "--precision", "mixed",
                "--step-overhead", "0.2"), "--step-overhead = 0.2: fixed step time");
        final Path profile = dir.resolve("mine.csv");
        try (java.io.InputStream in = TrainCliTest.class.getResourceAsStream(
                "/org/scalebench/training/profiles/gnmt.csv")) {
            Files.writeString(profile, new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("\nname,,gnmt,", "\nname,,mine,"));
        }
        assertEquals(0, CliRun.of("train", "project", "--model", profile.toString(), "--devices", "8").exitCode());
        assertBadInput(CliRun.of("train", "project", "--model", profile.toString(), "--devices", "8", "--scaling",
                "fitted"), "the scaling corpus fits terms for built-in paper models only (biglstm, gnmt,"
                        + " inception-v3); mine would run without them");
        // 3,964,928 sentence pairs an epoch: 8,192 devices x 1 x 1,000 accumulated is two epochs a step
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--accumulation", "1000"),
                "--accumulation = 1000 on 8192 devices: a global batch of 8192000 samples (at 1 sample per device) is"
                        + " more than one epoch of gnmt (3964928 samples)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1024", "--batch", "128",
                "--accumulation", "64"), "--batch = 128 with --accumulation = 64 on 1024 devices");
        assertEquals(0, CliRun.of("train", "project", "--model", "gnmt", "--devices", "1024", "--accumulation", "64")
                .exitCode(), "the search's smallest batch fits");
    }

    @Test
    void collectiveTablePrintsEveryAlgorithmAndProtocolBesideTheChoice() {
        final CliRun run = CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "16", "--bytes", "256M",
                "--cluster", "dgx1", "--table");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("NCCL 2019 tuning (volta, 16 ranks, 2 nodes, host CPU intel):"), run.out());
        for (final String combo : new String[] {"TREE/LL ", "TREE/LL128", "TREE/SIMPLE", "RING/LL ", "RING/LL128",
            "RING/SIMPLE"}) {
            assertTrue(run.out().contains("    " + combo), combo + "\n" + run.out());
        }
        assertEquals(1, run.out().lines().filter(l -> l.endsWith("<- chosen")).count(), run.out());
        // the chosen line is the fastest line's choice
        final String chosen = run.out().lines().filter(l -> l.endsWith("<- chosen")).findFirst().orElseThrow();
        assertTrue(run.out().contains("fastest: nccl 2019 (" + chosen.trim().split(" ")[0] + ")"), run.out());
    }

    @Test
    void badFilesNameFileAndLine(@TempDir final Path dir) throws IOException {
        final Path cluster = dir.resolve("cluster.csv");
        Files.writeString(cluster, "cluster,parameter,value,source\nmine,gpus_per_node,8,x\nmine,"
                + "inter_bandwidth_gbps,0,x\n");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--cluster", cluster.toString()),
                "cluster.csv:3: inter_bandwidth_gbps = '0': must be positive");
        final Path profile = dir.resolve("model.csv");
        Files.writeString(profile, "parameter,key,value,source\nname,,mine,\nparameters,,12x,paper\n");
        assertBadInput(CliRun.of("train", "project", "--model", profile.toString()),
                "model.csv:3: column 'value' = '12x': must be a finite number");
    }

    @Test
    void reproduceWritesTheCsvThePlotAndTheClaimsTable(@TempDir final Path dir) throws IOException {
        final CliRun run = CliRun.of("train", "reproduce", "--out", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("wrote " + dir.resolve("hybrid.csv") + ", " + dir.resolve("speedup.png") + ", "
                + dir.resolve("claims.md")), run.out());
        final String claims = Files.readString(dir.resolve("claims.md"));
        for (final String model : new String[] {"inception-v3", "gnmt", "biglstm"}) {
            assertTrue(claims.contains("| " + model + " | at least "), claims);
            assertTrue(run.out().contains(model + " on dgx1"), run.out());
        }
        assertTrue(claims.contains("| model | paper's claim | scalebench's projection | gap | crossover N |"), claims);
        assertTrue(claims.contains("## Validation: the data-parallel step against the scaling corpus"), claims);
        assertTrue(claims.lines().anyMatch(l -> l.startsWith("| all | ") && l.matches(".*\\| (met|missed) \\|")),
                claims);
        assertTrue(claims.contains("| break-even (smallest change) |"), claims);
        assertTrue(claims.contains("| gnmt | at least 8.0% | MP speedup (every SU_MP(M > 1) x factor) |"), claims);
        assertTrue(claims.contains("| even G / M shards instead of the placement's largest shard |"), claims);
        assertTrue(Files.size(dir.resolve("speedup.png")) > 10_000);
        // per model: N = 1 has DP only, N = 2 two strategies, N = 4 three, the 11 counts from 8 up all four
        assertEquals(3 * (1 + 2 + 3 + 11 * 4), Files.readAllLines(dir.resolve("hybrid.csv")).size() - 1);
        try (var files = Files.list(dir)) {
            assertEquals(List.of("claims.md", "hybrid.csv", "scalebench-run.txt", "speedup.png"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(),
                    "the set and its completion marker, no temporary files");
        }
    }

    @Test
    void validatePrintsTheCorpusErrorsAndWritesItsCsvFiles(@TempDir final Path dir) throws IOException {
        final Path out = dir.resolve("validation");
        final CliRun run = CliRun.of("train", "validate", "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("errors on the validation rows:"), run.out());
        // MLPerf v0.7's Transformer runs (apex DistributedFusedAdam) are projected with their own exchange
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("tr-mlperf07-dgx2h-n60 ") && l.matches(
                ".*\\d  +[-+]\\d+\\.\\d%")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("all ") && l.matches(".* (met|missed)")), run.out());
        // a projected row ends with its error: the reasons of rows not projected sit in a last column of their
        // own, so they do not widen the error column (they padded every projected row to their length)
        final String projected = run.out().lines().filter(l -> l.startsWith("gnmt-dle1806-dgx1-fp32-4 "))
                .findFirst().orElseThrow();
        assertTrue(projected.matches(".*\\d  +[-+]\\d+\\.\\d%") && projected.length() < 160, projected);
        final List<String> rows = Files.readAllLines(out.resolve("corpus-validation.csv"), StandardCharsets.UTF_8);
        assertTrue(rows.get(0).startsWith("row,family,model,precision,cluster,gpus,batch,accumulation,split,"),
                rows.get(0));
        assertTrue(rows.size() > 200, rows.size() + " rows");
        final List<String> fits = Files.readAllLines(out.resolve("fitted-constants.csv"), StandardCharsets.UTF_8);
        assertEquals("family,fixed_s,sync_overhead_s,straggler_cv,calibration_rows,effects,at_bound", fits.get(0));
        assertTrue(fits.stream().skip(1).allMatch(l -> l.endsWith(",")), "no constant at its bound: " + fits);
    }

    @Test
    void aConstantLeftAtItsSearchBoundIsSaidInBothOutputs(@TempDir final Path dir) throws IOException {
        // without the PyTorch BERT rows' accumulation steps, BERT's overhead goes to the search's bound (100 ms):
        // docs/training-model.md 10.5
        final String builtIn;
        try (var in = ScalingCorpus.class.getResourceAsStream(ScalingCorpus.CORPUS_RESOURCE)) {
            builtIn = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        final StringBuilder planted = new StringBuilder();
        for (final String line : builtIn.lines().toList()) {
            final String[] cells = line.split(",", 9);
            if (line.startsWith("bert-pt1907-")) {
                cells[7] = "";
            }
            planted.append(String.join(",", cells)).append('\n');
        }
        final Path corpus = dir.resolve("unstated.csv");
        Files.writeString(corpus, planted, StandardCharsets.UTF_8);
        final Path out = dir.resolve("validation");
        final CliRun run = CliRun.of("train", "validate", "--corpus", corpus.toString(), "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        final List<String> fits = Files.readAllLines(out.resolve("fitted-constants.csv"), StandardCharsets.UTF_8);
        assertTrue(fits.stream().anyMatch(l -> l.startsWith("bert,") && l.endsWith(",sync_overhead_s")),
                fits.toString());
        assertTrue(fits.stream().anyMatch(l -> l.startsWith("gnmt,") && l.endsWith(",")), fits.toString());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("bert ") && l.contains("100.00 (at its bound)")),
                run.out());
        assertTrue(run.out().contains("not projected: the source does not state the gradient accumulation steps"),
                run.out());
    }

    @Test
    void validateRefusesACorpusRowWithoutSourceNamingFileAndLine(@TempDir final Path dir) throws IOException {
        final Path corpus = dir.resolve("corpus.csv");
        Files.writeString(corpus, "row,family,model,precision,cluster,gpus,batch,accumulation,overlap,bucket_bytes,"
                + "gradient_bytes_per_parameter,measured,unit,reference,split,source\n"
                + "a,resnet50,resnet50-v1.5,fp32,dgx1,1,96,1,1,0,4,400,images/s,,calibration,\"somewhere @ abc line 1\"\n"
                + "b,resnet50,resnet50-v1.5,fp32,dgx1,8,96,1,1,0,4,3000,images/s,a,validation,\n",
                StandardCharsets.UTF_8);
        final CliRun run = CliRun.of("train", "validate", "--corpus", corpus.toString());
        assertBadInput(run, "corpus.csv:3:");
        assertTrue(run.err().contains("source"), run.err());
        assertBadInput(CliRun.of("train", "validate", "--without", "stragglers"), "--without");
        assertBadInput(CliRun.of("train", "validate", "--corpus", dir.resolve("none.csv").toString()), "no such file");
    }

    @Test
    void validateRefusesAnUnknownUnitOrASelfReferenceNamingFileLineColumnAndValue(@TempDir final Path dir)
            throws IOException {
        final String id = "gnmt-dle1806-dgx1-fp32-4";
        final Path unit = planted(dir.resolve("unit.csv"), id, 12, "parsecs");
        assertBadInput(CliRun.of("train", "validate", "--corpus", unit.toString()), unit + ":" + lineOf(id)
                + ": column 'unit' = 'parsecs': must be one of tokens/s, sequences/s or images/s");
        final Path self = planted(dir.resolve("self.csv"), id, 13, id);
        assertBadInput(CliRun.of("train", "validate", "--corpus", self.toString()), self + ":" + lineOf(id)
                + ": column 'reference' = '" + id + "': the row itself");
    }

    @Test
    void validateRefusesAnUnknownModelOrClusterNamingFileLineColumnAndValue(@TempDir final Path dir)
            throws IOException {
        final String id = "gnmt-dle1806-dgx1-fp32-4";
        final Path model = planted(dir.resolve("model.csv"), id, 2, "foo");
        assertBadInput(CliRun.of("train", "validate", "--corpus", model.toString()), model + ":" + lineOf(id)
                + ": column 'model' = 'foo': must be one of gnmt-4layer, ");
        final Path cluster = planted(dir.resolve("cluster.csv"), id, 4, "foo");
        assertBadInput(CliRun.of("train", "validate", "--corpus", cluster.toString()), cluster + ":" + lineOf(id)
                + ": column 'cluster' = 'foo': must be one of dgx1, ");
    }

    /** The built-in scaling corpus with one cell of one row replaced, written to a file. */
    private static Path planted(final Path file, final String id, final int column, final String value)
            throws IOException {
        final StringBuilder b = new StringBuilder();
        for (final String line : builtInCorpus()) {
            if (line.startsWith(id + ",")) {
                final String[] cells = line.split(",", -1);
                cells[column] = value;
                b.append(String.join(",", cells)).append('\n');
            } else {
                b.append(line).append('\n');
            }
        }
        Files.writeString(file, b, StandardCharsets.UTF_8);
        return file;
    }

    /** The physical line (1-based) of a row of the built-in scaling corpus. */
    private static int lineOf(final String id) throws IOException {
        final List<String> lines = builtInCorpus();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(id + ",")) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no row " + id);
    }

    private static List<String> builtInCorpus() throws IOException {
        try (var in = ScalingCorpus.class.getResourceAsStream(ScalingCorpus.CORPUS_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}

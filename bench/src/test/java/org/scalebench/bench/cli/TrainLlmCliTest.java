package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scalebench train llm}: one configuration, the search, and bad combinations. */
class TrainLlmCliTest {

    private static final String HEADER = "model,cluster,gpus,tp,pp,dp,global_batch,micro_batch,interleave,recompute,"
            + "sequence_parallel,zero,iteration_s,tokens_per_s,model_flops_utilization,memory_gib_per_gpu,fits_memory,"
            + "time_to_train_days,execution";

    @Test
    void oneConfigurationPrintsTheBreakdownAndWritesOneRow(@TempDir final Path dir) throws IOException {
        final Path csv = dir.resolve("run.csv");
        final CliRun run = CliRun.of("train", "llm", "--model", "gpt3-175b", "--cluster", "dgx-a100", "--gpus", "64",
                "--tp", "8", "--pp", "8", "--global-batch", "64", "--micro-batch", "1", "--interleave", "3",
                "--recompute", "full", "--tokens", "300e9", "--out", csv.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("pipeline bubble") && run.out().contains("DOES NOT FIT"), run.out());
        final List<String> lines = Files.readAllLines(csv);
        assertEquals(HEADER, lines.get(0));
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).startsWith("gpt3-175b,dgx-a100,64,8,8,1,64,1,3,full,0,0,"), lines.get(1));
        assertTrue(lines.get(1).contains(",false,"), "40 GB A100s cannot hold it: " + lines.get(1));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary files left behind");
        }
    }

    @Test
    void searchWritesTheBestRowPerGpuCountWithTimeToLoss(@TempDir final Path dir) throws IOException {
        final Path csv = dir.resolve("search.csv");
        final CliRun run = CliRun.of("train", "llm", "--search", "--model", "megatron-22b", "--cluster", "dgx-h100",
                "--gpus", "8,64", "--global-batch", "256,1024", "--target-loss", "2.2", "--out", csv.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("candidates") && run.out().contains("time to loss 2.200"), run.out());
        final List<String> lines = Files.readAllLines(csv);
        assertEquals(HEADER + ",target_loss,tokens_to_loss,time_to_loss_days", lines.get(0));
        assertTrue(lines.get(1).contains(",megatron-2022 elementwise-bandwidth+kernel-launch+optimizer-passes+fp32-loss"
                + "+embedding-sync+tp-overlap+gemm-efficiency,"), lines.get(1));
        assertEquals(3, lines.size());
        assertTrue(lines.get(1).startsWith("megatron-22b,dgx-h100,8,") && lines.get(2).startsWith("megatron-22b,dgx-h100,64,"));
    }

    @Test
    void badCombinationsExitTwoNamingTheOptions() {
        final String[] base = {"train", "llm", "--model", "gpt3-175b", "--global-batch", "64"};
        CliAssertions.assertBadInput(run(base, "--gpus", "40", "--tp", "5", "--pp", "8"), "--tp = 5: must divide the 96 attention heads");
        CliAssertions.assertBadInput(run(base, "--gpus", "56", "--tp", "8", "--pp", "7"), "--pp = 7: must divide the 96 layers");
        CliAssertions.assertBadInput(run(base, "--gpus", "100", "--tp", "8", "--pp", "8"), "--gpus = 100: must equal --tp x --pp x --dp");
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--global-batch", "63", "--gpus", "128", "--tp",
                "8", "--pp", "8"), "--global-batch = 63");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--interleave", "5"), "--interleave = 5");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--recompute", "most"), "--recompute = 'most'");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--zero", "4"), "--zero = 4");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--zero", "3"),
                "--zero = 3 with dp = 1: ZeRO shards the optimizer state over the data-parallel ranks");
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", "gpt-5", "--gpus", "64", "--global-batch", "64"),
                "model = 'gpt-5'");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--cluster", "dgx1"), "give --gpu");
        CliAssertions.assertBadInput(run(base, "--gpus", "8,16"), "lists need --search");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--search", "--dp", "2"), "--dp with --search");
        CliAssertions.assertBadInput(run(base, "--gpus", "96", "--search", "--tp", "12"), "--tp = 12: must be at most");
        CliAssertions.assertBadInput(run(base, "--gpus", "96", "--tp", "12", "--pp", "8"), "--tp = 12: must be at most");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--without", "launch"),
                "--without = 'launch': must be one of elementwise-bandwidth,");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--tp", "8", "--pp", "8", "--software", "megatron-2019"),
                "--software = 'megatron-2019': must be one of megatron-2021, megatron-2022");
        CliAssertions.assertBadInput(run(base, "--gpus", "64", "--search", "--pp", "5"), "--pp = 5: must divide");
        CliAssertions.assertBadInput(run(base, "--gpus", "7", "--search"), "no tp x pp x dp divides");
        // BLOOM's 70 layers on 384 GPUs: only DeepSpeed's uneven split (a validation row) places them
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", "bloom-176b", "--cluster", "jean-zay-a100",
                "--gpus", "384", "--global-batch", "2048", "--search"), "--gpus [384] with --global-batch [2048]: no tp x "
                + "pp x dp divides a GPU count with dp dividing the global batch and pp the 70 layers of bloom-176b (the "
                + "search splits the layers evenly over the stages)");
    }

    @Test
    void withoutRefusesAPartGivenTwice() {
        final String[] base = {"train", "llm", "--model", "megatron-1.7b", "--gpus", "8", "--global-batch", "64"};
        CliAssertions.assertBadInput(run(base, "--without", "kernel-launch,kernel-launch"),
                "--without: 'kernel-launch' is given twice");
        CliAssertions.assertBadInput(run(base, "--without", "kernel-launch", "--without", "tp-overlap,kernel-launch"),
                "--without: 'kernel-launch' is given twice");
        assertEquals(0, run(base, "--without", "kernel-launch,tp-overlap").exitCode());
    }

    @Test
    void withSwitchesOnDataParallelOverlapAndRefusesWhatItCannotSwitchOn() {
        final String[] base = {"train", "llm", "--model", "megatron-7.5b", "--gpu", "a100-sxm4-80gb", "--gpus", "8",
            "--tp", "2", "--global-batch", "32", "--recompute", "selective", "--sequence-parallel"};
        final CliRun exposed = run(base);
        final CliRun overlapped = run(base, "--with", "dp-overlap");
        assertEquals(0, exposed.exitCode(), exposed.err());
        assertEquals(0, overlapped.exitCode(), overlapped.err());
        assertTrue(overlapped.out().contains("tp-overlap, dp-overlap, gemm-efficiency]"), overlapped.out());
        assertTrue(!exposed.out().contains("dp-overlap"), exposed.out());
        assertTrue(dataParallel(overlapped.out()) < 0.5 * dataParallel(exposed.out()),
                overlapped.out() + " against " + exposed.out());
        CliAssertions.assertBadInput(run(base, "--with", "overlap"), "--with = 'overlap': must be one of");
        CliAssertions.assertBadInput(run(base, "--with", "gemm-efficiency"),
                "--with = 'gemm-efficiency': the GEMM efficiency is on by default");
        CliAssertions.assertBadInput(run(base, "--with", "dp-overlap", "--without", "dp-overlap"),
                "--with = 'dp-overlap': also given to --without");
        CliAssertions.assertBadInput(run(base, "--with", "dp-overlap,dp-overlap"),
                "--with: 'dp-overlap' is given twice");
        CliAssertions.assertBadInput(run(base, "--with", "tp-overlap"),
                "--with = 'tp-overlap': already on in megatron-2022");
        final String[] noSp = {"train", "llm", "--model", "megatron-7.5b", "--gpu", "a100-sxm4-80gb", "--gpus", "8",
            "--tp", "2", "--global-batch", "32"};
        CliAssertions.assertBadInput(run(noSp, "--with", "tp-comm-overlap"),
                "--with = 'tp-comm-overlap': Transformer Engine's userbuffers pipeline sequence parallelism's");
        final CliRun pipelined = run(base, "--with", "tp-comm-overlap");
        assertEquals(0, pipelined.exitCode(), pipelined.err());
        assertTrue(pipelined.out().contains("tp-overlap, tp-comm-overlap, gemm-efficiency]"), pipelined.out());
    }

    /** The exposed data-parallel seconds of a printed breakdown. */
    private static double dataParallel(final String out) {
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("data parallel \\(exposed\\)\\s+(\\S+) s")
                .matcher(out);
        assertTrue(m.find(), out);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void theHalfFormatHasItsOwnWordAndTrainProjectsPrecisionIsRefusedHere() {
        final String[] base = {"train", "llm", "--model", "gpt3-175b", "--global-batch", "64", "--gpus", "64", "--tp",
            "8", "--pp", "8"};
        final CliRun fp16 = run(base, "--half-format", "fp16");
        final CliRun bf16 = run(base, "--half-format", "BF16");
        assertEquals(0, fp16.exitCode(), fp16.err());
        assertEquals(0, bf16.exitCode(), bf16.err());
        assertTrue(!fp16.out().equals(bf16.out()), "FP16 adds the optimizer's loss-scaling pass");
        CliAssertions.assertBadInput(run(base, "--half-format", "fp8"), "--half-format = 'fp8': must be fp16 or bf16");
        CliAssertions.assertBadInput(run(base, "--precision", "bf16"),
                "--precision 'bf16': train llm always trains in mixed precision; its 16-bit format is --half-format");
    }

    @Test
    void tensorParallelismAcrossNodesRunsAndTheSearchMayChooseIt(@TempDir final Path dir) throws IOException {
        final Path csv = dir.resolve("wide.csv");
        final CliRun one = CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpu", "a100-sxm4-80gb", "--gpus", "64",
                "--tp", "16", "--pp", "4", "--global-batch", "64", "--recompute", "full", "--out", csv.toString());
        assertEquals(0, one.exitCode(), one.err());
        assertTrue(Files.readAllLines(csv).get(1).startsWith("gpt3-175b,dgx-a100,64,16,4,1,"));
        final CliRun search = CliRun.of("train", "llm", "--search", "--model", "gpt3-175b", "--gpu", "a100-sxm4-80gb",
                "--gpus", "256", "--tp", "32", "--global-batch", "256");
        assertEquals(0, search.exitCode(), search.err());
        assertTrue(search.out().contains("tp 32 x "), search.out());
    }

    @Test
    void executionPartsSwitchOffAndTheOlderSoftwareIsSlower(@TempDir final Path dir) throws IOException {
        final String[] base = {"train", "llm", "--model", "gpt3-175b", "--gpu", "a100-sxm4-80gb", "--gpus", "64",
            "--tp", "8", "--pp", "8", "--global-batch", "64", "--interleave", "3", "--recompute", "full"};
        final double built = iteration(run(base, "--out", dir.resolve("a.csv").toString()), dir.resolve("a.csv"));
        final double ideal = iteration(run(base, "--out", dir.resolve("b.csv").toString(), "--without",
                "elementwise-bandwidth,kernel-launch,optimizer-passes,fp32-loss,embedding-sync,tp-overlap,"
                        + "gradient-accumulation,gemm-efficiency"), dir.resolve("b.csv"));
        final double older = iteration(run(base, "--out", dir.resolve("c.csv").toString(), "--software",
                "megatron-2021"), dir.resolve("c.csv"));
        assertTrue(ideal < 0.95 * built, ideal + " against " + built);
        assertTrue(older > built, older + " against " + built);
    }

    private static double iteration(final CliRun run, final Path csv) throws IOException {
        assertEquals(0, run.exitCode(), run.err());
        final List<String> lines = Files.readAllLines(csv);
        final int column = List.of(lines.get(0).split(",")).indexOf("iteration_s");
        return Double.parseDouble(lines.get(1).split(",")[column]);
    }

    private static CliRun run(final String[] base, final String... more) {
        return CliRun.of(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    @Test
    void helpListsTheReproduceSubcommand() {
        CliAssertions.assertHelp(CliRun.of("train", "llm", "--help"), "--search", "--target-loss", "reproduce");
    }

    @Test
    void reproduceWritesTheTablesAndFigures(@TempDir final Path dir) throws IOException {
        final CliRun run = CliRun.of("train", "llm", "reproduce", "--out", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        for (final String f : List.of("llm.csv", "llm-validation.csv", "llm-parallelism.png", "llm-time-to-loss.png",
                "llm.md")) {
            assertTrue(Files.size(dir.resolve(f)) > 1000, f);
        }
        final String md = Files.readString(dir.resolve("llm.md"));
        assertTrue(md.contains("| korthikanti-175b-full | iteration_s | 18.13 |"), md);
        assertTrue(md.contains("| mtnlg-530b-3360 | iteration_s | 44.40 |"), md);
        assertTrue(Files.readAllLines(dir.resolve("llm.csv")).size() > 100);
        // the files named where they were published, not in the staging directory renamed away
        assertTrue(run.out().contains("wrote " + dir.resolve("llm.csv") + ", "), run.out());
        assertFalse(run.out().contains("staging"), run.out());
    }

    /** A profile at the file format's bounds: hidden and seq_length 2^20, 2^16 heads and layers. */
    private static Path widest(final Path dir) throws IOException {
        final Path model = dir.resolve("widest.csv");
        Files.writeString(model, "model,parameter,value,source\nwidest,layers,65536,x\nwidest,hidden,1048576,x\n"
                + "widest,heads,65536,x\nwidest,seq_length,1048576,x\nwidest,vocab,16777216,x\n");
        return model;
    }

    @Test
    void aTargetLossForAModelBelowTheFitsRangeSaysNoLossIsReachable(@TempDir final Path dir) throws IOException {
        // 4 layers of hidden 24 and a vocabulary of 2: the fit's floor for its 28,896 non-embedding parameters is above ln 2
        final Path model = dir.resolve("tiny.csv");
        Files.writeString(model, "model,parameter,value,source\ntiny,layers,4,x\ntiny,hidden,24,x\ntiny,heads,2,x\n"
                + "tiny,seq_length,8,x\ntiny,vocab,2,x\n");
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", model.toString(), "--gpus", "8",
                "--global-batch", "64", "--target-loss", "0.5"), "--target-loss = 0.5: no loss is reachable for tiny:"
                + " the floor of Kaplan et al.'s fit for its 2.89e+04 non-embedding parameters");
    }

    @Test
    void aMicrobatchPast2To63BytesOfActivationsIsRefusedByName(@TempDir final Path dir) throws IOException {
        final String model = widest(dir).toString();
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", model, "--gpus", "2", "--tp", "2",
                "--global-batch", "16777216", "--micro-batch", "16777216"), "--micro-batch = 16777216: a microbatch's"
                + " activations, --micro-batch x seq_length 1048576 x hidden 1048576 x 2 bytes = 3.69e+19 bytes, must be"
                + " at most 2^63 - 1 bytes for widest");
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", model, "--gpus", "2", "--tp", "2",
                "--global-batch", "16777216", "--micro-batch", "16777216", "--search"),
                "--micro-batch = 16777216: a microbatch's activations");
    }

    @Test
    void aSearchOverTensorTimesPipelineOf2To32FindsNothingInsteadOfCrashing(@TempDir final Path dir)
            throws IOException {
        CliAssertions.assertBadInput(CliRun.of("train", "llm", "--model", widest(dir).toString(), "--search", "--tp",
                "65536", "--gpus", "8", "--global-batch", "8"), "no tp x pp x dp divides a GPU count");
    }
}

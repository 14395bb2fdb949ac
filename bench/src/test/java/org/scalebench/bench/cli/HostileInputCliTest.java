package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;
import org.scalebench.coherence.sim.BinaryTrace;

/**
 * What a hostile or careless user gets from every subcommand: messages that name the option or the file and line,
 * values echoed escaped and cut, no hang on a device or FIFO, profile numbers that cannot overflow, and repeated or
 * conflicting values refused (the promises of docs/cli.md).
 */
class HostileInputCliTest {

    private static final String LONG = "x".repeat(400);
    private static final String CUT = "'" + "x".repeat(40) + "...' (400 characters)";

    @TempDir
    Path dir;

    private Path resource(final String resource, final String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            return Files.write(dir.resolve(name), in.readAllBytes());
        }
    }

    // --- messages that name the option or the file and line

    @Test
    void undecodableBytesAreNamedByFileAndLineNeverAsTheDecodersWords() throws IOException {
        final Path garbage = Files.write(dir.resolve("garbage.csv"), new byte[] {'a', '\n', (byte) 0xff, (byte) 0xfe});
        for (final CliRun run : List.of(
                CliRun.of("coherence", "verify", "--replay", garbage.toString()),
                CliRun.of("train", "project", "--model", garbage.toString()),
                CliRun.of("train", "llm", "--model", garbage.toString(), "--gpus", "8", "--global-batch", "8"),
                CliRun.of("coherence", "sweep", "--system", garbage.toString(), "--out", dir.resolve("s").toString()),
                CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
                        "trace:" + garbage, "--out", dir.resolve("o.csv").toString()))) {
            assertBadInput(run, garbage + ":2: not UTF-8 text");
            assertFalse(run.err().contains("Input length"), run.err());
        }
    }

    @Test
    void commonsCsvNeverSpeaksForItselfAndReplayErrorsHaveFileAndLine() throws IOException {
        final Path open = Files.writeString(dir.resolve("open.csv"), "core,op,address\n0,R,\"0x1\n");
        final CliRun trace = CliRun.of("coherence", "trace", "convert", open.toString(),
                dir.resolve("t.sbt").toString());
        assertBadInput(trace, open + ":2: a quoted field is not closed");
        assertFalse(trace.err().contains("CSVException") || trace.err().contains("encapsulated"), trace.err());
        final Path log = Files.writeString(dir.resolve("log.csv"), "system,format,homes,seed,core,op,address,sdid,"
                + "hdid\nchip1024,full-map,global,1,0,load,0x40,0,0\nchip1024,full-map,global,1,x,load,0x40,0,0\n");
        assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString()),
                log + ":3: core = 'x': must be a whole number");
        Files.writeString(log, "system,format,homes,seed,core,op,address,sdid,hdid\n"
                + "chip1024,full-map,global,1,0,load,0x40,0,0\nchip1024,full-map,global,2,0,load,0x40,0,0\n");
        assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString()),
                log + ":3: a log replays one run; this row names another than line 2");
        Files.writeString(log, "system,format,homes,seed,core,op,address,sdid,hdid\n"
                + "chip1024,full-map,global,1,99,load,0x40,0,0\n");
        assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString()), log + ":2: replayed access");
    }

    @Test
    void setErrorsNameTheSetNeverTheSystemFile() {
        for (final String[] c : new String[][] {
            {"contention=maybe", "--set 'contention=maybe': must be on or off"},
            {"cores=7", "--set 'cores=7': mesh_width x mesh_height = 1024: must equal cores = 7"},
            {"b_state=foo", "--set 'b_state=foo': must be sticky or reset-on-empty"},
            {"clock_ghz=abc", "--set 'clock_ghz=abc': must be a finite number"},
            // parameters the machine read only at the first run, outside the check that names the --set
            {"home_domains=0", "--set 'home_domains=0': must be an integer in [1, 16777216]"},
            {"home_domains=2147483648", "--set 'home_domains=2147483648': must be an integer in [1, 16777216]"},
            {"sharer_domains=1e30", "--set 'sharer_domains=1e30': must be an integer in [1, 16777216]"},
            {"physical_address_bits=100", "--set 'physical_address_bits=100': must be an integer in [12, 64]"},
            {"map_cache_entries=0", "--set 'map_cache_entries=0': must be an integer in [1, 64]"},
            {"mesh_width=16", "--set 'mesh_width=16': mesh_width x mesh_height = 512: must equal cores = 1024"},
            {"baseline_format=bogus", "--set 'baseline_format=bogus': unknown; allowed: full-map"}}) {
            final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global",
                    "--workload", "vm", "--accesses", "100", "--warmup", "0", "--set", c[0], "--out",
                    dir.resolve("o.csv").toString());
            assertBadInput(run, c[1]);
            assertFalse(run.err().contains(".csv"), "no resource path: " + run.err());
        }
    }

    @Test
    void aSystemFilesRulesAndParsedValuesNameFileLineAndParameterNeverSystem() throws IOException {
        final String chip = Files.readString(resource("/org/scalebench/coherence/systems/chip1024.csv", "chip.csv"));
        for (final String[] c : new String[][] {
            {"cores,1024,", "cores,1000,", ":4: mesh_width x mesh_height = 1024: must equal cores = 1000"},
            {"topology,mesh,", "topology,torus,", ":2: topology = 'torus': must be mesh or hierarchical"},
            {"baseline_format,full-map,", "baseline_format,bogus,", ":38: baseline_format = 'bogus': unknown; allowed"}}) {
            final Path file = Files.writeString(dir.resolve("bad.csv"), chip.replace(c[0], c[1]));
            final CliRun run = CliRun.of("coherence", "storage", "--system", file.toString());
            assertBadInput(run, file + c[2]);
            assertFalse(run.err().contains("--system"), run.err());
        }
    }

    @Test
    void negativeZeroIsZero() {
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--outsides",
                "0,-0", "--out", dir.resolve("c").toString()), "--outsides: 0.0 is given twice");
        assertEquals(0L, Double.doubleToRawLongBits(Scalebench.number("-0")));
        assertEquals(0L, Double.doubleToRawLongBits(Scalebench.number("-0.0e5")));
        assertEquals(-0.5, Scalebench.number(" -0.5"), 0.0);
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--outside", "abc", "--out", dir.resolve("s.csv").toString()), "'--outside': 'abc' is not a double");
    }

    @Test
    void aListWithAnEmptyEntryIsRefusedWhereverItsEmptyEntryIs() {
        // picocli drops empty entries at the end of a split value: '1024,' read as 1024 and ',' as an empty list
        assertBadInput(CliRun.of("coherence", "storage", "--cores", "1024,"),
                "'--cores' (N[,N...]): '1024,' has an empty entry");
        assertBadInput(CliRun.of("coherence", "storage", "--cores", ","), "'--cores' (N[,N...]): ',' has an empty entry");
        assertBadInput(CliRun.of("coherence", "storage", "--cores", ",1024"), "'--cores'");
        assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpus", "1024", "--without",
                "kernel-launch,"), "'--without' (PART): 'kernel-launch,' has an empty entry");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "8,"),
                "'--devices' (N): '8,' has an empty entry");
        assertEquals(0, CliRun.of("coherence", "storage", "--cores", "1024,4096").exitCode());
    }

    @Test
    void inputFilesAreNamedByTheirOption() throws IOException {
        final String[] simulate = {"coherence", "simulate", "--scheme", "sr", "--workload", "vm", "--out",
            dir.resolve("s.csv").toString(), "--system"};
        assertBadInput(CliRun.of(with(simulate, "")), "--system '': empty; must be one of chip1024, wsc1m or a system "
                + "file");
        assertBadInput(CliRun.of(with(simulate, "/nonexistent/sys.csv")),
                "--system '/nonexistent/sys.csv': no such file");
        assertBadInput(CliRun.of(with(simulate, dir.toString())), "--system " + TextLimits.quoted(dir.toString())
                + ": is a directory, expected a file");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
                "trace:/nonexistent.csv", "--out", dir.resolve("s.csv").toString()),
                "--workload trace:FILE '/nonexistent.csv': no such file");
        assertBadInput(CliRun.of("coherence", "trace", "convert", "", dir.resolve("t.sbt").toString()),
                "IN '': an empty path");
        assertBadInput(CliRun.of("gate", "--floors", dir.toString()), "--floors " + TextLimits.quoted(dir.toString())
                + ": is a directory, expected a file");
        assertBadInput(CliRun.of("train", "validate", "--corpus", dir.toString()), "--corpus "
                + TextLimits.quoted(dir.toString()) + ": is a directory, expected a file");
        assertBadInput(CliRun.of("coherence", "verify", "--format", "cdr-sr", "--homes", "foo"),
                "--homes 'foo': must be one of global");
    }

    private static String[] with(final String[] args, final String last) {
        final String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = last;
        return all;
    }

    @Test
    void optionsThatWouldBeIgnoredAreRefused() throws IOException {
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--homes", "first-touch", "--out", dir.resolve("s.csv").toString()),
                "--homes = 'first-touch' with scheme global: without Home Restriction lines are interleaved globally");
        final Path log = Files.writeString(dir.resolve("log.csv"),
                "system,format,homes,seed,core,op,address,sdid,hdid\nchip1024,cdr-sr,global,1,0,load,0x40,0,0\n");
        for (final String[] option : new String[][] {{"--seed", "5"}, {"--format", "full-map"}, {"--homes", "uniform"},
            {"--accesses", "5"}, {"--system", "wsc1m"}, {"--replay-log", dir.resolve("r.csv").toString()}}) {
            assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString(), option[0], option[1]),
                    "--replay with " + option[0] + ": a replay log gives its own system, format, homes, seed and "
                            + "accesses");
        }
        final CliRun alone = CliRun.of("coherence", "verify", "--replay", log.toString());
        assertFalse(alone.err().contains("--replay with"), alone.err()); // read, then judged on its own accesses
        final Path trace = Files.writeString(dir.resolve("t.csv"), "core,op,address\n0,R,0x40\n1,W,0x80\n2,R,0xc0\n");
        final String[] simulate = {"coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
            "trace:" + trace, "--out", dir.resolve("s.csv").toString(), "--accesses"};
        assertBadInput(CliRun.of(with(simulate, "4")), "--accesses = 4: the trace holds 3 accesses; give at most that "
                + "many");
        final String[] afterWarmup = Arrays.copyOf(with(simulate, "3"), simulate.length + 3);
        afterWarmup[simulate.length + 1] = "--warmup";
        afterWarmup[simulate.length + 2] = "1";
        assertBadInput(CliRun.of(afterWarmup), "--accesses = 3 after --warmup 1: the trace holds 3 accesses");
        assertEquals(0, CliRun.of(with(simulate, "3")).exitCode());
    }

    @Test
    void seedsThatWouldPassTheLargestLongAreRefused() {
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--seed",
                "9223372036854775807", "--seeds", "2", "--out", dir.resolve("c").toString()),
                "--seed 9223372036854775807 with --seeds 2: the seeds S to S+1 must not pass 9223372036854775807");
    }

    @Test
    void domainsBatchAndCoresAreNamedAsTyped() {
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--domains", "/"),
                "--domains '/': an empty domain");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--batch", "100000000"),
                "--batch = 100000000: must be at most max_batch_per_device = 128 of gnmt");
        assertBadInput(CliRun.of("coherence", "storage", "--cores", "0"), "--cores = 0: must be in [2, 1073741824]");
    }

    // --- echoes cut, messages one line

    @Test
    void everyLongValueIsEchoedCutToFortyCharacters() {
        final String out = dir.resolve("o").toString();
        final List<String[]> commands = List.of(
                new String[] {"slurm", "--shards", "2", "--time", LONG, "--", "coherence", "sweep", "--out", out},
                new String[] {"slurm", "--shards", "2", "--mem", LONG, "--", "coherence", "sweep", "--out", out},
                new String[] {"slurm", "--shards", "2", "--partition", LONG + " ", "--", "coherence", "sweep", "--out",
                    out},
                new String[] {"slurm", "--shards", "2", "--", LONG},
                new String[] {"coherence", "sweep", "--shard", LONG, "--out", out},
                new String[] {"coherence", "sweep", "--system", LONG, "--out", out},
                new String[] {"coherence", "sweep", "--sizes", LONG, "--out", out},
                new String[] {"coherence", "sweep", "--set", LONG, "--out", out},
                new String[] {"coherence", "sweep", "--seed", LONG, "--out", out},
                new String[] {"coherence", "check", "--format", LONG},
                new String[] {"coherence", "check", "--format", "full-map", "--domains", LONG},
                new String[] {"coherence", "storage", "--formats", LONG},
                new String[] {"coherence", "compare", "--system", "chip1024", "--workload", LONG, "--out", out},
                new String[] {"train", "collective", "--op", LONG, "--ranks", "8", "--bytes", "1K"},
                new String[] {"train", "collective", "--op", "all-reduce", "--ranks", "8", "--bytes", LONG},
                new String[] {"train", "project", "--model", "gnmt", "--devices", LONG},
                new String[] {"train", "project", "--model", LONG},
                new String[] {"train", "llm", "--model", "gpt3-175b", "--gpus", "8", "--global-batch", "8", "--gpu",
                    LONG},
                new String[] {"--" + LONG});
        for (final String[] command : commands) {
            final CliRun run = CliRun.of(command);
            assertBadInput(run, "");
            assertTrue(run.err().contains(CUT) || run.err().contains("...' (401 characters)")
                    || run.err().contains("'--" + "x".repeat(38) + "...' (402 characters)"),
                    String.join(" ", command).replace(LONG, "LONG") + ": " + run.err());
            assertFalse(run.err().contains("x".repeat(41)), run.err());
        }
    }

    @Test
    void lineBreaksAndNulsNeverReachStandardError() throws IOException {
        final CliRun partition = CliRun.of("slurm", "--shards", "2", "--partition", "a\nb", "--", "coherence",
                "sweep", "--out", dir.resolve("o").toString());
        assertBadInput(partition, "--partition 'a\\nb'");
        final Path nuls = Files.write(dir.resolve("nuls.csv"), new byte[1 << 20]);
        final CliRun replay = CliRun.of("coherence", "verify", "--replay", nuls.toString());
        assertBadInput(replay, nuls + ":1: line longer than 4096 characters");
        assertFalse(replay.err().indexOf('\0') >= 0);
        assertBadInput(CliRun.of("coherence", "sweep", "--seed", "1\n2", "--out", dir.resolve("o").toString()),
                "'1\\n2' is not a long");
    }

    // --- no hang, no unbounded memory

    @Test
    void replayRefusesADeviceAndAFifoInsteadOfReadingForever() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            if (Files.exists(Path.of("/dev/zero"))) {
                assertBadInput(CliRun.of("coherence", "verify", "--replay", "/dev/zero"),
                        "--replay /dev/zero: not a regular file (a device, FIFO or socket)");
            }
            final Path fifo = dir.resolve("log.csv");
            final Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
            if (p.waitFor() == 0) {
                assertBadInput(CliRun.of("coherence", "verify", "--replay", fifo.toString()),
                        "not a regular file (a device, FIFO or socket)");
            }
        });
    }

    @Test
    void checkRefusesAStateLimitTheHeapCannotHold() {
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--max-states", "100000000000"),
                "--max-states = 100000000000: the states would take at least");
        final CliRun cut = CliRun.of("coherence", "check", "--format", "full-map", "--cores", "6", "--max-states",
                "50");
        assertEquals(1, cut.exitCode(), cut.err());
        assertTrue(cut.out().contains("explored 50 states") && cut.out().contains("(incomplete: state limit reached)"),
                cut.out());
        assertTrue(cut.out().contains("search: up to 50 states (--max-states), 48 transitions from each"), cut.out());
    }

    // --- overflow and absurd values

    @Test
    void transformerNumbersThatWouldOverflowAreRefusedAtTheirRow() throws IOException {
        final Path big = Files.writeString(dir.resolve("big.csv"), "model,parameter,value,source\nbig,layers,2,me\n"
                + "big,hidden,1073741824,me\nbig,heads,1,me\nbig,seq_length,2048,me\nbig,vocab,51200,me\n");
        assertBadInput(CliRun.of("train", "llm", "--model", big.toString(), "--gpus", "8", "--global-batch", "8"),
                big + ":3: hidden = '1073741824': must be a whole number in [1, 1048576]");
        Files.writeString(big, "model,parameter,value,source\nbig,layers,2,me\nbig,hidden,4096,me\nbig,heads,7,me\n"
                + "big,seq_length,2048,me\nbig,vocab,51200,me\n");
        assertBadInput(CliRun.of("train", "llm", "--model", big.toString(), "--gpus", "8", "--global-batch", "8"),
                big + ":4: model 'big': heads = 7: must divide hidden = 4096");
    }

    @Test
    void gpuAndModelProfileNumbersAreBounded() throws IOException {
        final Path gpus = resource("/org/scalebench/training/llm/gpus.csv", "gpus.csv");
        final String text = Files.readString(gpus);
        final String sms = text.lines().filter(l -> l.startsWith("a100-sxm4-80gb,sms,")).findFirst().orElseThrow();
        Files.writeString(gpus, text.lines().filter(l -> !l.startsWith("a100-sxm4-40gb,") && !l.startsWith("h100"))
                .map(l -> l.equals(sms) ? "a100-sxm4-80gb,sms,1.5," + sms.split(",", 4)[3] : l)
                .reduce("", (a, b) -> a + b + "\n"));
        assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpu", gpus.toString(), "--gpus", "8",
                "--global-batch", "8"), "sms = '1.5': must be a whole number in (0, 1000000]");
        final Path profile = resource("/org/scalebench/training/profiles/gnmt.csv", "g.csv");
        Files.writeString(profile, Files.readString(profile).replaceFirst("\nstep_time,128,[0-9.]+,",
                "\nstep_time,128,1e300,"));
        assertBadInput(CliRun.of("train", "project", "--model", profile.toString()),
                "step_time = '1e300': must be positive, at most 1e15");
    }

    @Test
    void aTargetLossOutsideTheFitIsRefused() {
        for (final String loss : List.of("1e308", "0.001", "11")) {
            assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpus", "1024", "--global-batch",
                    "1536", "--tp", "8", "--pp", "8", "--target-loss", loss), "must be in (1.578, 10.843) nats per token "
                    + "for gpt3-175b");
        }
        assertEquals(0, CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpus", "1024", "--global-batch",
                "1536", "--tp", "8", "--pp", "8", "--target-loss", "2.2").exitCode());
        assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpus", "8", "--global-batch", "8",
                "--tokens", "1e308"), "--tokens = 1.0E308: must be in [1, 1e15]");
    }

    // --- repeated or conflicting values

    @Test
    void repeatedValuesAreRefused() throws IOException {
        assertBadInput(CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "8", "--bytes", "1M,1M"),
                "--bytes: '1M' is given twice");
        assertBadInput(CliRun.of("train", "collective", "--op", "all-reduce", "--ranks", "8", "--bytes", "1K,1024"),
                "--bytes: '1024' and '1K' are the same size (1024 bytes)");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--mp", "2,2"), "--mp: '2' is given twice");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--set", "clock_ghz=1", "--set", "clock_ghz=2", "--out", dir.resolve("o.csv").toString()),
                "--set 'clock_ghz=2': clock_ghz is already set by --set 'clock_ghz=1'");
        final Path copy = resource("/org/scalebench/training/profiles/gnmt.csv", "copy.csv");
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt," + copy), "names 'gnmt', as 'gnmt' does");
        assertBadInput(CliRun.of("coherence", "storage", "--formats", "coarse-vector,coarse-vector-4"),
                "--formats: 'coarse-vector-4' and 'coarse-vector' are the same format (coarse-vector-4)");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--domains", "0,1/1,0"),
                "--domains '0,1/1,0': domain '1,0' is given twice");
    }

    @Test
    void anOutputExtensionTheCommandDoesNotWriteIsRefusedAndCaseIsHonoured() throws IOException {
        final String txt = dir.resolve("o.txt").toString();
        assertBadInput(CliRun.of("coherence", "storage", "--out", txt), "must end in .csv (the format this command writes)");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--out", dir.resolve("o.bin").toString()), "must end in .csv");
        assertBadInput(CliRun.of("train", "llm", "--model", "gpt3-175b", "--gpus", "8", "--global-batch", "8",
                "--out", txt), "must end in .csv");
        assertBadInput(CliRun.of("coherence", "verify", "--format", "full-map", "--replay-log", txt), "must end in .csv");
        assertBadInput(CliRun.of("bench", "--json", txt), "must end in .json");
        assertBadInput(CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "10", "--out", txt),
                "must end in .csv or .sbt (the formats this command writes)");
        final Path upper = dir.resolve("t.SBT");
        assertEquals(0, CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "10", "--out",
                upper.toString()).exitCode());
        assertArrayEquals(BinaryTrace.MAGIC, Arrays.copyOf(Files.readAllBytes(upper), BinaryTrace.MAGIC.length),
                ".SBT is written as a binary trace");
        final Path csv = dir.resolve("t.CSV");
        assertEquals(0, CliRun.of("coherence", "trace", "convert", upper.toString(), csv.toString()).exitCode(),
                "and read as one");
        assertTrue(Files.readString(csv, StandardCharsets.UTF_8).startsWith("core,op,address"));
    }
}

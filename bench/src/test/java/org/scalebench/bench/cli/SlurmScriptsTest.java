package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts {@code scalebench slurm} writes, run as Slurm would run them, with a stand-in {@code scalebench} in
 * a stand-in checkout and a stand-in {@code sbatch} on the {@code PATH}: both record the arguments they receive, so
 * the test sees exactly what the user's values become after bash has read the scripts. The values are hostile:
 * spaces, quotes, {@code $(...)}, {@code $HOME}, {@code #} and {@code %} in an input file's path and in the output
 * directory, and an input file named relative to a directory that is not the checkout's root.
 */
class SlurmScriptsTest {

    /** A file the injected {@code $(touch ...)} would create if any value reached a shell unquoted. */
    private static final String INJECTED = "PWNED";

    @TempDir
    Path dir;

    private Path checkout;
    private Path work;
    private Path bin;
    private Path record;

    @BeforeEach
    void standIns() throws IOException {
        checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.createDirectories(checkout.resolve("bench"));
        work = Files.createDirectories(checkout.resolve("my work"));
        bin = Files.createDirectories(dir.resolve("bin"));
        record = dir.resolve("argv");
        // each stand-in writes its name, then every argument NUL-terminated, then SCALEBENCH_JAVA_OPTS
        executable(checkout.resolve("scalebench"), "#!/usr/bin/env bash\n{ printf 'scalebench\\0'; printf '%s\\0' "
                + "\"$@\"; printf 'opts=%s\\0' \"${SCALEBENCH_JAVA_OPTS:-}\"; } >> \"" + record + "\"\n");
        executable(bin.resolve("sbatch"), "#!/usr/bin/env bash\n{ printf 'sbatch\\0'; printf '%s\\0' \"$@\"; "
                + "printf 'opts=\\0'; } >> \"" + record + "\"\nn=$(tr -cd '\\0' < \"" + record + "\" | wc -c)\n"
                + "echo \"$((4000 + n))\"\n");
    }

    private static void executable(final Path file, final String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The calls recorded so far: each the program's name and its arguments, then {@code opts=...}. */
    private List<List<String>> calls() throws IOException {
        final List<List<String>> calls = new ArrayList<>();
        if (!Files.exists(record)) {
            return calls;
        }
        List<String> call = null;
        for (final String field : Files.readString(record, StandardCharsets.UTF_8).split("\0", -1)) {
            if (call == null) {
                if (field.isEmpty()) {
                    break;
                }
                call = new ArrayList<>(List.of(field));
            } else {
                call.add(field);
                if (field.startsWith("opts=")) {
                    calls.add(call);
                    call = null;
                }
            }
        }
        Files.delete(record);
        return calls;
    }

    private Process start(final Path cwd, final Map<String, String> env, final String... command) throws IOException {
        final ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log.txt").toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().putAll(env);
        return pb.start();
    }

    private String run(final Path cwd, final Map<String, String> env, final String... command) throws Exception {
        final Process p = start(cwd, env, command);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command));
        final String log = Files.readString(dir.resolve("log.txt"));
        assertEquals(0, p.exitValue(), log);
        return log;
    }

    private String scalebench(final Path cwd, final String... args) throws Exception {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"), Scalebench.class.getName()));
        command.addAll(Arrays.asList(args));
        return run(cwd, Map.of(), command.toArray(String[]::new));
    }

    private Path profileNamed(final Path file, final String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/org/scalebench/training/profiles/gnmt.csv")) {
            final String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text.replace("\nname,,gnmt,", "\nname,," + name + ","));
        }
        return file;
    }

    @Test
    void hostileValuesReachTheJobsExactlyAsGiven() throws Exception {
        profileNamed(work.resolve("my dir").resolve("it's $(touch " + INJECTED + ") 100%.csv"), "gnmt-copy");
        final String model = "gnmt,my dir/it's $(touch " + INJECTED + ") 100%.csv";
        final Path out = dir.resolve("o u\"t #1 $HOME 5%a");
        final String printed = scalebench(work, "slurm", "--shards", "2", "--mem", "1G", "--time", "10", "--submit",
                "--", "train", "project", "--model", model, "--out", out.toString());

        final Path arrayScript = out.resolve("slurm").resolve("array.sh");
        final Path mergeScript = out.resolve("slurm").resolve("merge.sh");
        assertEquals(List.of(
                List.of("sbatch", "--parsable", arrayScript.toString(), "opts="),
                List.of("sbatch", "--parsable", "--dependency=afterok:4004", mergeScript.toString(), "opts=")),
                calls(), "sbatch is called with the script paths as they are");
        assertTrue(printed.contains("array job: 4004") && printed.contains("merge job: 4009"), printed);

        final String array = Files.readString(arrayScript);
        assertTrue(array.contains("#SBATCH --output=\"" + out.toString().replace("%", "%%").replace("\"", "\\\"")
                + "/slurm/shard-%a.log\"\n"), "sbatch reads the log path quoted, % doubled: " + array);
        assertEquals(1, array.lines().filter(l -> l.startsWith("# Written by:")).count(), array);

        final String absoluteModel = "gnmt," + work.resolve("my dir").resolve("it's $(touch " + INJECTED
                + ") 100%.csv");
        run(dir, Map.of("SLURM_ARRAY_TASK_ID", "1"), "bash", arrayScript.toString());
        assertEquals(List.of(List.of("scalebench", "train", "project", "--model", absoluteModel, "--jobs", "1",
                "--shard", "1/2", "--out", out.resolve("shards").resolve("shard-1").toString(), "opts=-Xmx768m")),
                calls(), "the array task runs the study with the relative input made absolute");

        run(dir, Map.of(), "bash", mergeScript.toString());
        assertEquals(List.of(List.of("scalebench", "merge", "--out", out.toString(),
                out.resolve("shards").resolve("shard-0").toString(), out.resolve("shards").resolve("shard-1").toString(),
                "opts=-Xmx768m")), calls());

        try (Stream<Path> all = Files.walk(dir)) {
            assertFalse(all.anyMatch(p -> p.getFileName().toString().equals(INJECTED)), "nothing was injected");
        }
    }

    @Test
    void thePrintedSubmitCommandsRunAsTheyRead() throws Exception {
        final Path out = dir.resolve("with space $(touch " + INJECTED + ")");
        final String printed = scalebench(checkout, "slurm", "--shards", "2", "--", "coherence", "sweep", "--sizes",
                "4,16", "--accesses", "1000", "--out", out.toString());
        final List<String> commands = printed.lines().filter(l -> l.startsWith("  ")).map(String::strip).toList();
        assertEquals(2, commands.size(), printed);
        run(dir, Map.of(), "bash", "-c", String.join("\n", commands));
        assertEquals(List.of(
                List.of("sbatch", "--parsable", out.resolve("slurm").resolve("array.sh").toString(), "opts="),
                List.of("sbatch", "--dependency=afterok:4004", out.resolve("slurm").resolve("merge.sh").toString(),
                        "opts=")), calls());
        try (Stream<Path> all = Files.walk(dir)) {
            assertFalse(all.anyMatch(p -> p.getFileName().toString().equals(INJECTED)), "nothing was injected");
        }
    }
}

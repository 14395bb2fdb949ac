package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.io.StagedDirectory;

/**
 * {@code merge} proves what it reads: shards that lost, gained or changed rows, lost their completion marker, ran on
 * other contents of an input file, or whose inputs changed since, are refused; an output directory that is, or lies
 * inside, a shard directory is refused and the shard is left as it was.
 */
class MergeIntegrityTest {

    @TempDir
    Path dir;

    private Path profile;
    private Path s0;
    private Path s1;

    @BeforeEach
    void twoShards() throws IOException {
        profile = dir.resolve("mine.csv");
        writeProfile("gnmt-mine");
        s0 = shard(0);
        s1 = shard(1);
    }

    private void writeProfile(final String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/org/scalebench/training/profiles/gnmt.csv")) {
            Files.writeString(profile, new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("\nname,,gnmt,", "\nname,," + name + ","));
        }
    }

    private Path shard(final int index) {
        final Path out = dir.resolve("s" + index);
        final CliRun run = CliRun.of("train", "project", "--model", "biglstm," + profile, "--devices", "8,64",
                "--shard", index + "/2", "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        return out;
    }

    private CliRun merge(final Path out) {
        return CliRun.of("merge", "--out", out.toString(), s0.toString(), s1.toString());
    }

    private List<String> lines(final Path file) throws IOException {
        return new ArrayList<>(Files.readAllLines(file));
    }

    @Test
    void wholeShardsMerge() {
        final CliRun run = merge(dir.resolve("m"));
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isRegularFile(dir.resolve("m").resolve("projection.csv")));
    }

    @Test
    void aShardThatLostARowIsRefused() throws IOException {
        final Path rows = s0.resolve("shard.csv");
        final List<String> lines = lines(rows);
        lines.remove(lines.size() - 1);
        Files.write(rows, lines);
        assertBadInput(merge(dir.resolve("m")), "shard.csv: " + (lines.size() - 1) + " rows, shard.txt records "
                + lines.size() + " (rows lost or repeated");
        assertFalse(Files.exists(dir.resolve("m").resolve("projection.csv")));
    }

    @Test
    void aShardWithARepeatedRowIsRefused() throws IOException {
        final Path rows = s1.resolve("shard.csv");
        final List<String> lines = lines(rows);
        lines.add(2, lines.get(1));
        Files.write(rows, lines);
        assertBadInput(merge(dir.resolve("m")), "rows lost or repeated after the shard's run");
    }

    @Test
    void anEditedRowIsRefused() throws IOException {
        final Path rows = s0.resolve("shard.csv");
        final List<String> lines = lines(rows);
        lines.set(1, lines.get(1).replace(",dp,", ",hybrid,"));
        Files.write(rows, lines);
        assertBadInput(merge(dir.resolve("m")), "shard.csv: edited after the shard's run");
    }

    @Test
    void anEditedManifestIsRefused() throws IOException {
        final Path manifest = s0.resolve("shard.txt");
        Files.writeString(manifest, Files.readString(manifest).replace("rows: ", "rows: 1"));
        assertBadInput(merge(dir.resolve("m")), "shard.txt: changed after the shard's run");
    }

    @Test
    void aShardWithoutItsMarkerIsRefused() throws IOException {
        Files.delete(s1.resolve(StagedDirectory.MARKER));
        assertBadInput(merge(dir.resolve("m")), "no scalebench-run.txt, so the shard cannot be shown whole");
    }

    @Test
    void shardsRunOnDifferentContentsOfAnInputAreRefused() throws IOException {
        Files.writeString(profile, Files.readString(profile) + "# the same model, other bytes\n");
        final Path other = dir.resolve("s1");
        assertEquals(0, CliRun.of("train", "project", "--model", "biglstm," + profile, "--devices", "8,64",
                "--shard", "1/2", "--out", other.toString()).exitCode());
        assertBadInput(merge(dir.resolve("m")), "is a shard of other input files or other contents of them");
    }

    @Test
    void anInputChangedSinceTheShardsRanIsRefused() throws IOException {
        Files.writeString(profile, Files.readString(profile) + "\n# edited\n");
        assertBadInput(merge(dir.resolve("m")), "the shards' input files differ from what the merge reads now");
    }

    @Test
    void anOutputThatIsOrLiesInsideAShardIsRefusedAndTheShardKept() throws IOException {
        final String before = Files.readString(s0.resolve("shard.csv"));
        assertBadInput(merge(s0), "is the shard directory");
        assertBadInput(merge(s1.resolve("sub")), "lies inside the shard directory");
        assertEquals(before, Files.readString(s0.resolve("shard.csv")));
        assertTrue(Files.isRegularFile(s0.resolve("shard.txt")) && Files.isRegularFile(s0.resolve(StagedDirectory.MARKER)));
        assertFalse(Files.exists(s1.resolve("sub")));
    }

    @Test
    void garbageInAShardIsNamedByFileAndLine() throws IOException {
        final Path rows = s0.resolve("shard.csv");
        final int lines = lines(rows).size();
        final byte[] text = Files.readAllBytes(rows);
        final byte[] bad = java.util.Arrays.copyOf(text, text.length + 2);
        bad[text.length] = (byte) 0xff;
        bad[text.length + 1] = (byte) 0xfe;
        Files.write(rows, bad);
        final CliRun run = merge(dir.resolve("m"));
        assertBadInput(run, "shard.csv:" + (lines + 1) + ": not UTF-8 text");
        assertFalse(run.err().contains("Input length"), run.err());
        Files.write(rows, new byte[50_000]);
        final CliRun nuls = merge(dir.resolve("m"));
        assertBadInput(nuls, "shard.csv:1: line longer than 4096 characters");
        assertFalse(nuls.err().indexOf('\0') >= 0, "no NUL written");
    }
}

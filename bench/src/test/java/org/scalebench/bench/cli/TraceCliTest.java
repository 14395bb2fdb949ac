package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;
import org.scalebench.coherence.sim.BinaryTrace;

/** Traces through the CLI: no record lost, no silent truncation or dropped column. */
class TraceCliTest {

    @TempDir
    Path dir;

    private Path recorded(final String name, final int accesses) {
        final Path file = dir.resolve(name);
        assertEquals(0, CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses",
                Integer.toString(accesses), "--out", file.toString()).exitCode());
        return file;
    }

    private CliRun simulate(final Path trace, final String... more) {
        final List<String> args = new java.util.ArrayList<>(List.of("coherence", "simulate", "--system", "chip1024",
                "--scheme", "global", "--workload", "trace:" + trace, "--seed", "1", "--out",
                dir.resolve("run.csv").toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private long countedAccesses() throws Exception {
        final List<String> lines = Files.readAllLines(dir.resolve("run.csv"));
        final int column = Arrays.asList(lines.get(0).split(",")).indexOf("accesses");
        return Long.parseLong(lines.get(1).split(",")[column]);
    }

    @Test
    void warmUpKeepsTheRestOfTheTraceInBothFormats() throws Exception {
        for (final String name : new String[] {"t.sbt", "t.csv"}) {
            final Path trace = recorded(name, 20_000);
            final CliRun one = simulate(trace, "--warmup", "1");
            assertEquals(0, one.exitCode(), one.err());
            assertEquals(19_999, countedAccesses(), name);
            assertEquals(0, simulate(trace, "--warmup", "100").exitCode());
            assertEquals(19_900, countedAccesses(), name);
        }
    }

    @Test
    void warmUpAtTheTraceLengthOrOverflowingIsABadInput() {
        final Path trace = recorded("w.sbt", 20_000);
        assertBadInput(simulate(trace, "--warmup", "20000"),
                "--warmup = 20000: must be below the trace's length of 20000 accesses");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--seed", "1", "--warmup", "9223372036854775807", "--out", dir.resolve("o.csv").toString()),
                "--warmup + --accesses = 9223372036854775807 + 20000000: must not exceed 9223372036854775807");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--seed", "1", "--warmup", "-1", "--out", dir.resolve("o.csv").toString()),
                "--warmup '-1': must be a count >= 0, steady or steady:MAX");
    }

    /**
     * A trace's run never settles, a trace that names its domains has no VM size, and a run without warm-up (a trace's
     * default) has no warm-up mode: each of those options, given, would be ignored, so it is refused; where it acts it
     * is accepted.
     */
    @Test
    void optionsATraceRunWouldIgnoreAreRefused() throws Exception {
        final Path named = Files.writeString(dir.resolve("d.csv"), "core,op,address,domain\n0,R,0x40,0\n1,W,0x80,0\n");
        final Path unnamed = Files.writeString(dir.resolve("n.csv"), "core,op,address\n0,R,0x40\n1,W,0x80\n");
        assertBadInput(simulate(named, "--settle", "on"), "--settle 'on': a trace's run never settles");
        assertBadInput(simulate(unnamed, "--warmup", "1", "--settle", "off"), "--settle 'off': a trace's run never");
        assertBadInput(simulate(named, "--group-size", "512"), "--group-size 512: the trace names its domains");
        assertBadInput(simulate(named, "--warmup-mode", "functional"),
                "--warmup-mode 'functional': there is no warm-up to run (--warmup 0, the default for a trace)");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--warmup", "0", "--warmup-mode", "timed", "--out", dir.resolve("run.csv").toString()),
                "--warmup-mode 'timed': there is no warm-up to run (--warmup 0)");
        assertFalse(Files.exists(dir.resolve("run.csv")), "nothing written on bad input");
        final CliRun vmSize = simulate(unnamed, "--group-size", "512");
        assertEquals(0, vmSize.exitCode(), vmSize.err());
        final CliRun functional = simulate(named, "--warmup", "1", "--warmup-mode", "functional");
        assertEquals(0, functional.exitCode(), functional.err());
    }

    /**
     * trace record writes at most 10^10 accesses, and no more than the output's file system has room for: both are
     * refused before anything is written (10^13 accesses would have written 170 TB unchecked).
     */
    @Test
    void recordRefusesMoreAccessesThanItsBoundOrTheDiskHolds() throws Exception {
        final Path out = dir.resolve("new").resolve("big.csv");
        assertBadInput(CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "10000000000000",
                "--out", out.toString()), "--accesses = 10000000000000: must be in [1, 10000000000] (10^10)");
        // wsc1m's widest CSV record: core 999999, ",W,0x", 16 hex digits, ",", domain 65535, "\n": 34 bytes
        final long needed = 10_000_000_002L * 34;
        assumeTrue(Files.getFileStore(dir).getUsableSpace() < needed, "the disk holds 340 GB: nothing to refuse");
        assertBadInput(CliRun.of("coherence", "trace", "record", "--system", "wsc1m", "--workload", "vm", "--accesses",
                "10000000000", "--out", out.toString()), "--accesses = 10000000000: the output would take 340.0 GB (up "
                + "to 34 bytes per access) and " + out.getParent() + " has ");
        assertFalse(Files.exists(out.getParent()), "nothing left behind");
    }

    /** A trace without records, which every command refuses, is not written: convert refuses it and leaves nothing. */
    @Test
    void convertRefusesATraceWithoutRecordsAndWritesNothing() throws Exception {
        final Path header = Files.writeString(dir.resolve("h.csv"), "core,op,address\n");
        for (final String name : new String[] {"e.sbt", "e.csv"}) {
            final Path out = dir.resolve("new").resolve(name);
            assertBadInput(CliRun.of("coherence", "trace", "convert", header.toString(), out.toString()),
                    "IN " + TextLimits.quoted(header.toString()) + ": the trace has no records");
            assertFalse(Files.exists(out.getParent()), "nothing written: " + name);
        }
    }

    @Test
    void aBinaryTraceCutInsideARecordIsAnError() throws Exception {
        final Path trace = recorded("cut.sbt", 100);
        final byte[] bytes = Files.readAllBytes(trace);
        Files.write(trace, Arrays.copyOf(bytes, bytes.length - 17 - 5));
        assertBadInput(simulate(trace), "cut.sbt: record 100 is truncated: the file ends 12 bytes into a 17-byte "
                + "record (or its trailer); re-record it");
        assertBadInput(CliRun.of("coherence", "trace", "convert", trace.toString(), dir.resolve("c.csv").toString()),
                "record 100 is truncated");
        assertTrue(Files.notExists(dir.resolve("c.csv")));
    }

    @Test
    void aBinaryTraceCutAtARecordBoundaryIsRefusedNotConvertedShorter() throws Exception {
        final Path trace = recorded("boundary.sbt", 2000);
        final byte[] bytes = Files.readAllBytes(trace);
        Files.write(trace, Arrays.copyOf(bytes, 8 + 17 * 1000)); // as `head -c` at a record boundary
        final String expected = "boundary.sbt: ends after record 1000 without the trailer that closes a complete "
                + "trace: the file is truncated; re-record it";
        assertBadInput(CliRun.of("coherence", "trace", "convert", trace.toString(), dir.resolve("b.csv").toString()),
                expected);
        assertBadInput(simulate(trace), expected);
        assertTrue(Files.notExists(dir.resolve("b.csv")));
    }

    @Test
    void convertRefusesATraceWithDomainsOnSomeRecordsOnly() throws Exception {
        final Path mixed = dir.resolve("mixed.sbt");
        try (OutputStream out = Files.newOutputStream(mixed); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            w.write(0, false, 0, 3);
            w.write(1, true, 64, -1);
            w.finish();
        }
        assertBadInput(CliRun.of("coherence", "trace", "convert", mixed.toString(), dir.resolve("m.csv").toString()),
                "mixed.sbt: record 2: some records name a domain and others do not");
        assertBadInput(simulate(mixed), "mixed.sbt: record 2: some records name a domain and others do not");
        assertTrue(Files.notExists(dir.resolve("m.csv")));
    }

    @Test
    void aDirectoryGivenAsATraceIsNotARegularFile() {
        assertBadInput(simulate(dir), "--workload trace:FILE " + TextLimits.quoted(dir.toString())
                + ": is a directory, expected a file");
    }
}

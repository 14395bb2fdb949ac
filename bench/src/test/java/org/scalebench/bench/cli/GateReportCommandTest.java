package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.perf.GateReport;

/** {@code gate report}: to standard output, into a document between its markers, and bad input. */
class GateReportCommandTest {

    private static final String CSV = "benchmark,reference,params,kernel_ns,reference_ns,speedup,bytes_per_op,"
            + "min_speedup,status,max_bytes_per_op,runs,run_speedups,cpu,jdk,commit\n"
            + "FastDivisorBench,modulo,divisor=7,1.0,2.0,2.0,0,1.5,pass,0.01,1,2.0,Xeon,JDK 17,abc\n";

    @Test
    void writesTheTablesIntoTheDocumentBetweenItsMarkers(@TempDir final Path dir) throws IOException {
        final Path csv = Files.writeString(dir.resolve("gate.csv"), CSV);
        final Path doc = Files.writeString(dir.resolve("b.md"),
                "# B\n" + GateReport.BEGIN + "\nstale\n" + GateReport.END + "\nend\n");
        final CliRun run = CliRun.of("gate", "report", "--csv", csv.toString(), "--into", doc.toString());
        assertEquals(0, run.exitCode(), run.err());
        final String written = Files.readString(doc);
        assertTrue(written.startsWith("# B\n" + GateReport.BEGIN + "\nMeasured by `./scalebench gate` on Xeon, JDK 17,"
                + " commit abc."), written);
        assertTrue(written.contains("| `FastDivisorBench` | `divisor=7` | `modulo` | 1.00 | 2.00 | 2.00x | >= 1.50x |"),
                written);
        assertTrue(written.endsWith("\n" + GateReport.END + "\nend\n"), written);
        assertTrue(!written.contains("stale"), written);
        final CliRun toStdout = CliRun.of("gate", "report", "--csv", csv.toString());
        assertEquals(0, toStdout.exitCode(), toStdout.err());
        assertTrue(toStdout.out().startsWith("Measured by"), toStdout.out());
    }

    @Test
    void badInputIsOneLineNamingTheOption(@TempDir final Path dir) throws IOException {
        final Path csv = Files.writeString(dir.resolve("gate.csv"), CSV);
        final Path noMarkers = Files.writeString(dir.resolve("plain.md"), "# no markers\n");
        CliAssertions.assertBadInput(CliRun.of("gate", "report", "--csv", dir.resolve("missing.csv").toString()),
                "--csv");
        CliAssertions.assertBadInput(CliRun.of("gate", "report", "--csv", csv.toString(), "--into",
                noMarkers.toString()), "--into");
        assertEquals("# no markers\n", Files.readString(noMarkers));
    }

    @Test
    void impossibleValuesInTheCsvAreRefusedNamingTheColumn(@TempDir final Path dir) throws IOException {
        final String good = "1.0,2.0,2.0,0,1.5,pass";
        final String[][] bad = {
            {"-1,2.0,2.0,0,1.5,pass", "column 'kernel_ns' = '-1': must be above 0"},
            {"1.0,0,2.0,0,1.5,pass", "column 'reference_ns' = '0': must be above 0"},
            {"1.0,2.0,-2,0,1.5,pass", "column 'speedup' = '-2': must be above 0"},
            {"1.0,2.0,2.0,-1,1.5,pass", "column 'bytes_per_op' = '-1': must be 0 or more"},
            {"1.0,2.0,2.0,0,-1.5,pass", "column 'min_speedup' = '-1.5': must be 0 or more"},
            {"1.0,2.0,2.0,0,1.5,foo", "column 'status' = 'foo': must be pass, reported, or fail:"},
            {"1.0,2.0,2.0,0,1.5,fail:speedup+bar", "column 'status' = 'fail:speedup+bar'"},
        };
        for (final String[] row : bad) {
            final Path csv = Files.writeString(dir.resolve("bad.csv"), CSV.replace(good, row[0]));
            CliAssertions.assertBadInput(CliRun.of("gate", "report", "--csv", csv.toString()), row[1]);
        }
        final Path failed = Files.writeString(dir.resolve("failed.csv"),
                CSV.replace(good, "1.0,2.0,2.0,0,2.5,fail:speedup+allocation"));
        assertEquals(0, CliRun.of("gate", "report", "--csv", failed.toString()).exitCode());
    }
}

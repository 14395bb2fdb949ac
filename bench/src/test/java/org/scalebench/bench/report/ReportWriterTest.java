package org.scalebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.check.KernelCheck;
import org.scalebench.bench.perf.KernelComparison;
import org.scalebench.bench.perf.Measurement;
import org.scalebench.bench.perf.ParamSet;

class ReportWriterTest {

    private static final RunFacts FACTS = new RunFacts("0.1.0", "abc123", "17.0.15", "OpenJDK (Debian)", "1.37", "Xeon", 2,
            "Linux 6.1 amd64", 2L << 30, Instant.parse("2026-12-02T10:00:00.123Z"));
    private static final ParamSet N1000 = ParamSet.parse("n=1000");
    private static final List<KernelComparison> COMPARISONS = KernelComparison.group(List.of(
            new Measurement("RangeReductionBench", "kernel", N1000, 1.06, 0.01, 0.00003),
            new Measurement("RangeReductionBench", "modulo", N1000, 2.83, 0.02, 0.0)));
    private static final PartResult STORAGE = new PartResult("Bits per entry from 16 to 1M cores.",
            List.of(new Claim("storage at 1024 cores vs full map", "-83%", "-81%", "+2 points")),
            List.of("storage.csv", "storage.png"));

    private static ReportContent content(final List<PartOutcome> parts, final BenchmarkPass pass) {
        return new ReportContent("scalebench reproduce --quick", true, 42L, 1000, FACTS, 75.4,
                List.of(new KernelCheck.Outcome("RangeReduction", 42L, 1000, 0, "")), pass, parts);
    }

    private static BenchmarkPass pass() {
        return new BenchmarkPass("1 fork, 1 x 100 ms warm-up, 2 x 100 ms measurement", "every class", COMPARISONS, null);
    }

    @Test
    void reportStatesRunVersionsMachineSeedsAndTables() {
        final String md = ReportWriter.markdown(content(List.of(PartOutcome.completed("CDR storage", STORAGE, 1.5)),
                pass()), List.of("kernel-checks.csv", "benchmarks.csv"));
        assertTrue(md.startsWith("# scalebench report\n\n`scalebench reproduce --quick`, started 2026-12-02T10:00:00Z,"
                + " ran 1 min 15 s."), md);
        assertTrue(md.contains("on 1,000 random operations, seed 42"), md);
        assertTrue(md.contains("| Java | 17.0.15, OpenJDK (Debian) |"), md);
        assertTrue(md.contains("| JMH | 1.37 |"), md);
        assertTrue(md.contains("| CPU | Xeon, 2 cores available to the JVM |"), md);
        assertTrue(md.contains("| max heap | 2048 MiB |"), md);
        assertTrue(md.contains("| RangeReduction | 1,000 | 0 | - |"), md);
        assertTrue(md.contains("### CDR storage\n\nBits per entry from 16 to 1M cores.\n\n"
                + "| claim | paper | scalebench | gap |\n|---|---|---|---|\n"
                + "| storage at 1024 cores vs full map | -83% | -81% | +2 points |"), md);
        assertTrue(!md.contains("Not built yet"), md);
        assertTrue(md.contains("| RangeReductionBench | n=1000 | modulo | 1.06 | 2.83 | 2.67x | 3.00e-05 | 0 |"), md);
        assertTrue(md.contains("- [benchmarks.csv](benchmarks.csv)\n"), md);
        assertTrue(md.contains("- [storage.png](storage.png)\n"), md);
    }

    @Test
    void failedPartAndFailedBenchmarksAreReportedNotHidden() {
        final String md = ReportWriter.markdown(content(List.of(PartOutcome.failed("CDR chip1024", "out of memory", 3)),
                new BenchmarkPass("s", "every class", List.of(), "JMH failed on XBench: boom")), List.of());
        assertTrue(md.contains("### CDR chip1024\n\n**Failed**: out of memory"), md);
        assertTrue(md.contains("## Benchmarks\n\n**Failed**: JMH failed on XBench: boom"), md);
    }

    @Test
    void writesReportAndCsvFilesAtomically(@TempDir final Path dir) throws IOException {
        final Path report = ReportWriter.write(dir, content(List.of(PartOutcome.completed("CDR storage", STORAGE, 1)),
                pass()), List.of());
        assertEquals(dir.resolve("report.md"), report);
        assertEquals("benchmark,params,reference,kernel_ns,reference_ns,speedup,kernel_bytes_per_op,"
                + "reference_bytes_per_op\nRangeReductionBench,n=1000,modulo,1.06,2.83,2.670,0.00003,0\n",
                Files.readString(dir.resolve("benchmarks.csv")));
        assertEquals("part,claim,paper,scalebench,gap\nCDR storage,storage at 1024 cores vs full map,-83%,-81%,"
                + "+2 points\n", Files.readString(dir.resolve("claims.csv")));
        assertEquals("kernel,seed,checked,mismatches,first_mismatch\nRangeReduction,42,1000,0,\n",
                Files.readString(dir.resolve("kernel-checks.csv")));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("benchmarks.csv", "claims.csv", "kernel-checks.csv", "report.md"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file left");
        }
        assertTrue(Files.readString(report).contains("- [claims.csv](claims.csv)"));
    }
}

package org.scalebench.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.scalebench.bench.check.KernelCheck;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.perf.KernelComparison;
import org.scalebench.bench.perf.Measurement;
import org.scalebench.bench.perf.MeasurementFormat;

/**
 * Writes a reproduction's report directory: {@value #REPORT} (what was run, versions, seeds, machine, a table
 * per part, the benchmark table, links to every file), {@value #CHECKS_CSV}, {@value #BENCHMARKS_CSV} and, when
 * parts made claims, {@value #CLAIMS_CSV}. Every file is written atomically; the report last, so it only ever
 * links files that exist.
 */
public final class ReportWriter {

    /** The report. */
    public static final String REPORT = "report.md";
    /** The kernel checks: kernel, seed, operations checked, mismatches, first mismatch. */
    public static final String CHECKS_CSV = "kernel-checks.csv";
    /** The benchmark table: one row per kernel, parameter combination and reference. */
    public static final String BENCHMARKS_CSV = "benchmarks.csv";
    /** JMH's own JSON results. */
    public static final String JMH_JSON = "jmh.json";
    /** Every part's claims: part, claim, paper, scalebench, gap. */
    public static final String CLAIMS_CSV = "claims.csv";

    /** Columns of {@value #BENCHMARKS_CSV}. */
    public static final List<String> BENCHMARK_COLUMNS = List.of("benchmark", "params", "reference", "kernel_ns",
            "reference_ns", "speedup", "kernel_bytes_per_op", "reference_bytes_per_op");

    private ReportWriter() {
    }

    /**
     * Writes the CSV files and the report.
     *
     * @param dir the report directory
     * @param content what to report
     * @param otherFiles files already written into {@code dir} by other steps (e.g. {@value #JMH_JSON}), relative
     * @return the report file
     * @throws IOException when a file cannot be written
     */
    public static Path write(final Path dir, final ReportContent content, final List<String> otherFiles)
            throws IOException {
        final List<String> files = new ArrayList<>();
        CsvFiles.write(dir.resolve(CHECKS_CSV), List.of("kernel", "seed", "checked", "mismatches", "first_mismatch"),
                content.checks().stream().map(o -> List.of(o.kernel(), Long.toString(o.seed()),
                        Long.toString(o.checked()), Long.toString(o.mismatches()), o.firstMismatch())).toList());
        files.add(CHECKS_CSV);
        if (content.benchmarks().error() == null) {
            CsvFiles.write(dir.resolve(BENCHMARKS_CSV), BENCHMARK_COLUMNS,
                    benchmarkRows(content.benchmarks().comparisons(), false));
            files.add(BENCHMARKS_CSV);
        }
        final List<List<String>> claims = new ArrayList<>();
        for (final PartOutcome part : content.parts()) {
            if (part.completed()) {
                part.result().claims().forEach(c -> claims.add(List.of(part.name(), c.claim(), c.paper(),
                        c.scalebench(), c.gap())));
            }
        }
        if (!claims.isEmpty()) {
            CsvFiles.write(dir.resolve(CLAIMS_CSV), List.of("part", "claim", "paper", "scalebench", "gap"), claims);
            files.add(CLAIMS_CSV);
        }
        files.addAll(otherFiles);
        final Path report = dir.resolve(REPORT);
        final String markdown = markdown(content, files);
        AtomicFiles.writeText(report, w -> w.write(markdown));
        return report;
    }

    /**
     * The report's Markdown.
     *
     * @param c what to report
     * @param files files beside the report written by scalebench itself (parts' files are added from their results)
     * @return the Markdown text
     */
    public static String markdown(final ReportContent c, final List<String> files) {
        final StringBuilder md = new StringBuilder();
        final RunFacts f = c.facts();
        md.append("# scalebench report\n\n");
        md.append("`").append(c.command()).append("`, started ")
                .append(f.started().truncatedTo(ChronoUnit.SECONDS)).append(", ran ")
                .append(ConsoleProgress.duration(c.elapsedSeconds())).append(".\n\n");

        md.append("## What was run\n\n");
        md.append(String.format(Locale.ROOT, "1. **Kernel validation**: every kernel against its plain reference on "
                + "%,d random operations, seed %d.%n", c.operations(), c.seed()));
        md.append("2. **Benchmarks** (JMH, ").append(c.quick() ? "quick" : "full").append("): ")
                .append(c.benchmarks().selection()).append("; ").append(c.benchmarks().settings())
                .append("; average time per operation, `-prof gc` for bytes per operation.\n");
        md.append("3. **Paper results**: ");
        if (c.parts().isEmpty()) {
            md.append("no part is built yet");
        } else {
            md.append(String.join(", ", c.parts().stream().map(PartOutcome::name).toList()))
                    .append(" (").append(c.quick() ? "quick" : "full").append(" size, seed ").append(c.seed()).append(')');
        }
        md.append(".\n\n");

        md.append("## Versions and machine\n\n");
        md.append(new Table("", "")
                .row("scalebench", f.scalebench())
                .row("commit", f.commit())
                .row("Java", f.java() + ", " + f.jvm())
                .row("JMH", f.jmh())
                .row("CPU", f.cpu() + ", " + f.cores() + " cores available to the JVM")
                .row("OS", f.os())
                .row("max heap", (f.maxHeapBytes() >> 20) + " MiB")
                .row("seed", Long.toString(c.seed())).markdown());
        md.append('\n');

        md.append("## Kernel validation\n\n");
        final Table checks = new Table("kernel", "operations checked", "mismatches", "first mismatch")
                .rightAlign(1, 2);
        for (final KernelCheck.Outcome o : c.checks()) {
            checks.row(o.kernel(), String.format(Locale.ROOT, "%,d", o.checked()), Long.toString(o.mismatches()),
                    o.firstMismatch().isEmpty() ? "-" : o.firstMismatch());
        }
        md.append(checks.markdown()).append('\n');

        md.append("## Paper results\n\n");
        final List<String> partFiles = new ArrayList<>();
        for (final PartOutcome part : c.parts()) {
            md.append("### ").append(part.name()).append("\n\n");
            if (!part.completed()) {
                md.append("**Failed**: ").append(part.error()).append("\n\n");
                continue;
            }
            if (!part.result().markdown().isBlank()) {
                md.append(part.result().markdown().strip()).append("\n\n");
            }
            if (!part.result().claims().isEmpty()) {
                final Table claims = new Table("claim", "paper", "scalebench", "gap");
                part.result().claims().forEach(cl -> claims.row(cl.claim(), cl.paper(), cl.scalebench(), cl.gap()));
                md.append(claims.markdown()).append('\n');
            }
            partFiles.addAll(part.result().files());
        }
        md.append("## Benchmarks\n\n");
        if (c.benchmarks().error() != null) {
            md.append("**Failed**: ").append(c.benchmarks().error()).append("\n\n");
        } else {
            md.append(c.benchmarks().settings()).append(". Speedup = reference time / kernel time, both from the same "
                    + "run. Ratios of short runs move by about 10-20% on a loaded 2-core machine, absolute times "
                    + "by far more; `./scalebench gate` judges the committed floors.\n\n");
            final Table table = new Table("benchmark", "params", "reference", "kernel ns/op",
                    "reference ns/op", "speedup", "kernel B/op", "reference B/op").rightAlign(3, 4, 5, 6, 7);
            benchmarkRows(c.benchmarks().comparisons(), true).forEach(r -> table.row(r.toArray(String[]::new)));
            md.append(table.isEmpty() ? "No benchmark ran.\n" : table.markdown()).append('\n');
        }

        md.append("## Files\n\n");
        final List<String> all = new ArrayList<>(files);
        all.addAll(partFiles);
        all.forEach(file -> md.append("- [").append(file).append("](").append(file.replace(" ", "%20")).append(")\n"));
        return md.toString();
    }

    /**
     * The benchmark table's rows: one per kernel, parameter combination and reference (a kernel without
     * references gets one row with reference {@code -}).
     *
     * @param comparisons the comparisons
     * @param forPeople format for reading (units, {@code x}) rather than for CSV
     * @return the rows, in {@link #BENCHMARK_COLUMNS} order
     */
    static List<List<String>> benchmarkRows(final List<KernelComparison> comparisons, final boolean forPeople) {
        final DoubleFunction<String> nanos = forPeople ? MeasurementFormat::nanos : MeasurementFormat::plain;
        final DoubleFunction<String> bytes = forPeople ? MeasurementFormat::bytes : MeasurementFormat::plain;
        final DoubleFunction<String> ratio = forPeople ? MeasurementFormat::ratio : MeasurementFormat::plainRatio;
        final String none = forPeople ? "-" : "";
        final List<List<String>> rows = new ArrayList<>();
        for (final KernelComparison cmp : comparisons) {
            final Measurement k = cmp.kernel();
            final String kernelNs = k == null ? none : nanos.apply(k.nsPerOp());
            final String kernelBytes = k == null ? none : bytes.apply(k.bytesPerOp());
            if (cmp.references().isEmpty()) {
                rows.add(List.of(cmp.benchmark(), cmp.params().toString(), none, kernelNs, none, none, kernelBytes,
                        none));
            }
            for (final Measurement r : cmp.references()) {
                rows.add(List.of(cmp.benchmark(), cmp.params().toString(), r.method(), kernelNs,
                        nanos.apply(r.nsPerOp()), ratio.apply(cmp.speedupOver(r)), kernelBytes,
                        bytes.apply(r.bytesPerOp())));
            }
        }
        return rows;
    }
}

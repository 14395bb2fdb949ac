package org.scalebench.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.perf.GateReport;
import org.scalebench.core.data.DataTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench gate report}: the documentation's performance tables, generated from a gate CSV. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Writes the performance tables of a gate run (every kernel against its reference, the absolute "
                + "times, and the CPU, JDK and commit measured) as Markdown: to standard output, or into a document "
                + "between its marker lines ('" + GateReport.BEGIN + "' and '" + GateReport.END + "'), replacing "
                + "what was there.",
            "Example: ./scalebench gate report --csv bench/results/gate.csv --into docs/benchmarks.md"})
public final class GateReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--csv", paramLabel = "FILE.csv", description = "A gate CSV (default: ${DEFAULT-VALUE}).")
    Path csv = Path.of("target", "gate.csv");

    @Option(names = "--into", paramLabel = "FILE.md",
            description = "A Markdown document holding the marker lines; the tables replace the text between them.")
    Path into;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(csv)) {
            throw new UsageException("--csv " + csv + ": not a file (run ./scalebench gate first, or name a gate CSV)");
        }
        final String tables = GateReport.markdown(DataTable.read(csv));
        if (into == null) {
            spec.commandLine().getOut().print(tables);
            spec.commandLine().getOut().flush();
            return Scalebench.OK;
        }
        if (!Files.isRegularFile(into)) {
            throw new UsageException("--into " + into + ": not a file (the document must exist and hold the markers)");
        }
        final String document = Files.readString(into);
        final String updated;
        try {
            updated = GateReport.replaceBetweenMarkers(document, tables, "--into " + into);
        } catch (final IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        OutputPaths.checkFile(into, "--into");
        AtomicFiles.writeText(into, w -> w.write(updated));
        spec.commandLine().getOut().println("gate report: tables of " + csv + " written into " + into);
        return Scalebench.OK;
    }
}

package org.scalebench.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.perf.GateReport;
import org.scalebench.core.data.DataTable;

/**
 * The performance tables of {@code docs/benchmarks.md} are exactly what {@code ./scalebench gate report} writes from
 * the committed gate run, {@code bench/results/gate.csv}: a figure typed or edited by hand fails here.
 */
class GeneratedTablesTest {

    @Test
    void theBenchmarksDocumentCarriesTheCommittedGateRun() throws IOException {
        final Path root = ReadmeSnippets.repositoryRoot();
        final String document = Files.readString(root.resolve("docs/benchmarks.md"));
        final String tables;
        try (Reader csv = Files.newBufferedReader(root.resolve("bench/results/gate.csv"))) {
            tables = GateReport.markdown(DataTable.read("bench/results/gate.csv", csv));
        }
        assertEquals(GateReport.replaceBetweenMarkers(document, tables, "docs/benchmarks.md"), document,
                "regenerate with ./scalebench gate report --csv bench/results/gate.csv --into docs/benchmarks.md");
    }
}

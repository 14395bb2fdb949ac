package org.scalebench.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataTable;

/**
 * Figures the pages of {@code docs/} quote from the committed results ({@code doc-figures.csv} beside this test ties
 * each to its cell or line) agree with them to the printed precision, as the README's do ({@link ReadmeFigures}).
 * Unlike the README's results section, a page's untied numbers are not refused: its prose mixes results with inputs
 * and settings.
 */
class DocFiguresTest {

    private static final String FIGURES = "doc-figures.csv";

    private static List<String> problems(final Path root, final DataTable figures) throws IOException {
        final Map<String, List<DataTable.Row>> byPage = new LinkedHashMap<>();
        for (final DataTable.Row row : figures.rows()) {
            byPage.computeIfAbsent(row.require("page"), k -> new ArrayList<>()).add(row);
        }
        final ReadmeFigures checker = new ReadmeFigures(root.resolve("bench/results"));
        final List<String> problems = new ArrayList<>();
        for (final Map.Entry<String, List<DataTable.Row>> page : byPage.entrySet()) {
            final Path file = root.resolve(page.getKey());
            if (!Files.isRegularFile(file)) {
                problems.add(figures.file() + ": no page " + page.getKey());
                continue;
            }
            problems.addAll(checker.ties(page.getKey(), Files.readString(file), figures, page.getValue(),
                    new HashSet<>()));
        }
        return problems;
    }

    @Test
    void everyTiedFigureOfTheDocsAgreesWithTheCommittedResults() throws IOException {
        final DataTable figures;
        try (Reader in = new InputStreamReader(DocFiguresTest.class.getResourceAsStream(FIGURES),
                StandardCharsets.UTF_8)) {
            figures = DataTable.read(FIGURES, in);
        }
        assertTrue(figures.rows().size() >= 50, "ties of six pages");
        assertEquals("", String.join("\n", problems(ReadmeSnippets.repositoryRoot(), figures)));
    }

    @Test
    void aStaleFigureAndALostPageAreNamedWithTheirPageAndLine(@TempDir final Path root) throws IOException {
        Files.createDirectories(root.resolve("bench/results"));
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("bench/results/runs.csv"), "scheme,share\nhr,0.0588\nsr+hr,0.0638\n");
        Files.writeString(root.resolve("docs/p.md"), "# P\n\nintro\nat 1% outside, 5.9-6.4% cross at 2 blocks\n");
        final String ties = "page,text,figure,value,rounding\n"
                + "docs/p.md,5.9-6.4% cross,5.9,100 * min(runs.csv[scheme~hr].share),\n"
                + "docs/p.md,5.9-6.4% cross,6.4,100 * max(runs.csv[scheme~hr].share),\n";
        assertEquals(List.of(), problems(root, DataTable.read("ties.csv", new StringReader(ties))));

        Files.writeString(root.resolve("bench/results/runs.csv"), "scheme,share\nhr,0.0588\nsr+hr,0.0702\n");
        assertEquals(List.of("docs/p.md:4: '5.9-6.4% cross' says 6.4, 100 * max(runs.csv[scheme~hr].share) gives 7.02"),
                problems(root, DataTable.read("ties.csv", new StringReader(ties))));
        assertEquals(List.of("ties.csv: no page docs/q.md"), problems(root, DataTable.read("ties.csv",
                new StringReader(ties.replace("docs/p.md,5.9-6.4% cross,6.4", "docs/q.md,5.9-6.4% cross,6.4")))));
    }
}

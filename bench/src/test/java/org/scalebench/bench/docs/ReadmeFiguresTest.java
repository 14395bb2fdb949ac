package org.scalebench.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataTable;

/**
 * Every figure of the README's results section is tied to a cell or line of the committed {@code bench/results}
 * files ({@code readme-figures.csv} beside this test says which) and agrees with it to the printed precision; the
 * checker is shown to fail on a wrong figure, on an untied one, and on a tie that no longer finds its text.
 */
class ReadmeFiguresTest {

    private static final String FIGURES = "readme-figures.csv";

    private static DataTable figures() throws IOException {
        try (Reader in = new InputStreamReader(ReadmeFiguresTest.class.getResourceAsStream(FIGURES),
                StandardCharsets.UTF_8)) {
            return DataTable.read(FIGURES, in);
        }
    }

    @Test
    void everyFigureOfTheResultsAtAGlanceAgreesWithTheCommittedResults() throws IOException {
        final Path root = ReadmeSnippets.repositoryRoot();
        final List<String> problems = new ReadmeFigures(root.resolve("bench/results"))
                .problems(Files.readString(root.resolve("README.md")), figures());
        assertEquals("", String.join("\n", problems));
    }

    @Test
    void aWrongFigureAnUntiedOneAndALostTieAreEachFound(@TempDir final Path results) throws IOException {
        Files.writeString(results.resolve("runs.csv"), "scheme,latency,note\nglobal,127.6,x\nhr,56.9,\"a 5.29x cut\"\n");
        final DataTable ties = DataTable.read("ties.csv", new StringReader("text,figure,value,rounding\n"
                + "2.24x lower,2.24,runs.csv[scheme=global].latency / runs.csv[scheme=hr].latency,\n"
                + "5.3x fewer,5.3,runs.csv[scheme~h].note#1,\n"));
        final ReadmeFigures checker = new ReadmeFigures(results);
        final String good = "# R\n\n## Results at a glance\n\n| a | b | scalebench | gap |\n|---|---|---|---|\n"
                + "| x 2019 | 7 runs | 2.24x lower | 5.3x fewer |\n\n## Next\n\n99 elsewhere\n";
        assertEquals(List.of(), checker.problems(good, ties));

        final List<String> wrong = checker.problems(good.replace("2.24x", "2.42x").replace("| 2.42x lower", "| 2.42x lower"),
                DataTable.read("ties.csv", new StringReader("text,figure,value,rounding\n"
                        + "2.42x lower,2.42,runs.csv[scheme=global].latency / runs.csv[scheme=hr].latency,\n"
                        + "5.3x fewer,5.3,runs.csv[scheme~h].note#1,\n")));
        assertEquals(1, wrong.size(), wrong.toString());
        assertTrue(wrong.get(0).startsWith("README.md:7: '2.42x lower' says 2.42, "), wrong.get(0));

        final List<String> untied = checker.problems(good.replace("5.3x fewer |", "5.3x fewer, 12 more |"), ties);
        assertEquals(List.of("README.md:7: '12' is tied to no result file (add a row to ties.csv)"), untied);

        final List<String> lost = checker.problems(good.replace("2.24x lower", "2.24x less"), ties);
        assertEquals(2, lost.size(), lost.toString());
        assertTrue(lost.get(0).startsWith("ties.csv:2: '2.24x lower' must occur exactly once"), lost.get(0));
    }

    @Test
    void expressionsReadCellsLinesAndAggregates(@TempDir final Path results) throws IOException {
        Files.writeString(results.resolve("g.csv"), "benchmark,params,ns,outside\nSim,scheme=a;x=1,198.3,0.0100000\n"
                + "Sim,scheme=b,328,0\nLlm,,374572,0\n");
        Files.writeString(results.resolve("report.md"), "# r\nran 4 min 49 s on 2026-12-03T06:51:56Z\n");
        final ReadmeFigures f = new ReadmeFigures(results);
        assertEquals(198.3, f.evaluate("min(g.csv[benchmark=Sim].ns)"));
        assertEquals(328, f.evaluate("max(g.csv[benchmark=Sim].ns)"));
        assertEquals(2, f.evaluate("count(g.csv[benchmark=Sim])"));
        assertEquals(1, f.evaluate("count(g.csv[benchmark!=Sim])"));
        assertEquals(198.3, f.evaluate("g.csv[params=scheme=a;x=1].ns"));
        assertEquals(0.374572, f.evaluate("g.csv[benchmark~llm].ns / 1000000"), 1e-12);
        assertEquals(1, f.evaluate("100 * g.csv[outside=0.01].outside"), 1e-12);
        assertEquals(49, f.evaluate("report.md:2#2"));
        assertEquals(-5, f.evaluate("-(2 + 3)"));
        assertThrows(IllegalArgumentException.class, () -> f.evaluate("g.csv[benchmark=None].ns"));
        assertThrows(IllegalArgumentException.class, () -> f.evaluate("g.csv[nocolumn=1].ns"));
        assertThrows(IllegalArgumentException.class, () -> f.evaluate("report.md:2#9"));
    }

    @Test
    void aFigureAgreesToItsPrintedPrecision() {
        assertTrue(ReadmeFigures.agrees("2.24", 2.2449, 0));
        assertFalse(ReadmeFigures.agrees("2.24", 2.2451, 0));
        assertTrue(ReadmeFigures.agrees("-12.0", -12.04, 0));
        assertTrue(ReadmeFigures.agrees("+3.3", 3.3, 0));
        assertTrue(ReadmeFigures.agrees("1,048,576", 1048576, 0));
        assertFalse(ReadmeFigures.agrees("10", 10.6, 0));
        assertTrue(ReadmeFigures.agrees("690,000", 689565, 10000));
        assertEquals(List.of(76.0, 16.0, 1048576.0, 28.0, 39.0, 7.59),
                ReadmeFigures.numbers("cdr-sr 76 bits at 16 and 1,048,576 cores; + 28-39 tag bits, x7.59"));
    }
}

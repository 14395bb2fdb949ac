package org.scalebench.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Tables the docs copy from committed results are the results' current lines; the check fails on a stale copy. */
class CopiedRowsTest {

    @Test
    void everyCopiedTableOfTheDocsIsCurrent() throws IOException {
        final Path root = ReadmeSnippets.repositoryRoot();
        final List<String> stale = new ArrayList<>();
        int tables = 0;
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            for (final Path page : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                final String name = root.relativize(page).toString();
                for (final CopiedRows.Table t : CopiedRows.tables(name, Files.readString(page))) {
                    tables++;
                    final Path source = root.resolve(t.source());
                    assertTrue(Files.isRegularFile(source), name + ":" + t.line() + ": no file " + t.source());
                    stale.addAll(CopiedRows.stale(name, t, Files.readString(source)));
                }
            }
        }
        assertTrue(tables >= 2, "docs/training.md copies two tables of claims.md");
        assertEquals(List.of(), stale, "copy the tables again from the named result file");
    }

    @Test
    void aStaleRowIsNamedWithItsLine() {
        final String page = "intro\n<!-- rows of bench/results/claims.md -->\n\n| a | b |\n|---|---|\n| x | -12.0% |\n\nafter\n";
        final List<CopiedRows.Table> tables = CopiedRows.tables("docs/p.md", page);
        assertEquals(1, tables.size());
        assertEquals(4, tables.get(0).line());
        assertEquals(List.of(), CopiedRows.stale("docs/p.md", tables.get(0), "# t\n| a | b |\n|---|---|\n| x | -12.0% |\n"));
        assertEquals(List.of("docs/p.md:6 (table of bench/results/claims.md): not in the source: | x | -12.0% |"),
                CopiedRows.stale("docs/p.md", tables.get(0), "| a | b |\n|---|---|\n| x | -12.7% |\n"));
    }

    @Test
    void aMarkerWithoutATableIsRefused() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CopiedRows.tables("docs/p.md", "<!-- rows of bench/results/claims.md -->\ntext\n"));
        assertTrue(e.getMessage().startsWith("docs/p.md:1:"), e.getMessage());
    }
}

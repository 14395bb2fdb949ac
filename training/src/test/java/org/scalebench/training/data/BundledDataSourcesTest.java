package org.scalebench.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.scalebench.core.data.DataTable;

/**
 * The fidelity rule over every data file the training module ships: each has a {@code source} column and every row
 * names its source (a file added later is covered without touching this test).
 */
class BundledDataSourcesTest {

    private static List<Path> bundledTables() throws IOException, URISyntaxException {
        // a file known to be there locates the resource tree (the bare directory name would also match test classes)
        final URL known = BundledDataSourcesTest.class.getResource("/org/scalebench/training/clusters.csv");
        assertEquals("file", known.getProtocol(), "tests read the module's classes directory");
        try (Stream<Path> files = Files.walk(Path.of(known.toURI()).getParent())) {
            return files.filter(f -> f.toString().endsWith(".csv")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void everyRowOfEveryBundledTableNamesItsSource() throws IOException, URISyntaxException {
        final List<Path> tables = bundledTables();
        assertTrue(tables.size() >= 13, "found only " + tables);
        int rows = 0;
        for (final Path file : tables) {
            final DataTable table = DataTable.read(file);
            assertTrue(table.columns().contains("source"), file + " has no source column: " + table.columns());
            assertFalse(table.rows().isEmpty(), file + " has no rows");
            for (final DataTable.Row row : table.rows()) {
                assertFalse(row.get("source").isBlank(), file + ":" + row.line() + ": empty source");
                rows++;
            }
        }
        assertTrue(rows > 600, rows + " rows");
    }
}

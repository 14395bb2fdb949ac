package org.scalebench.bench.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** Writes CSV result files (RFC 4180, {@code \n} line ends, header first) atomically. */
public final class CsvFiles {

    private CsvFiles() {
    }

    /**
     * Writes a CSV file atomically.
     *
     * @param file the file
     * @param header the column names
     * @param rows the rows, one cell per column (already formatted, locale-independent)
     * @throws IOException when the file cannot be written; it is then untouched
     * @throws IllegalArgumentException when a row's cell count differs from the header's
     */
    public static void write(final Path file, final List<String> header, final List<List<String>> rows)
            throws IOException {
        for (final List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException(file + ": row " + row + " has " + row.size() + " cells for "
                        + header.size() + " columns");
            }
        }
        final CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new))
                .setRecordSeparator('\n').get();
        AtomicFiles.writeText(file, out -> {
            try (CSVPrinter printer = new CSVPrinter(out, format)) {
                for (final List<String> row : rows) {
                    printer.printRecord(row);
                }
            }
        });
    }
}

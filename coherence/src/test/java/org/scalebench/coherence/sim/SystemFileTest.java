package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataFileException;

/** System configuration files: what a spreadsheet writes is read, what no machine has is refused with file and line. */
class SystemFileTest {

    private static String bundled(final String name) throws IOException {
        try (InputStream in = SystemSpec.class.getResourceAsStream("/org/scalebench/coherence/systems/" + name + ".csv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<List<String>> records(final String csv) throws IOException {
        final List<List<String>> rows = new ArrayList<>();
        CSVFormat.RFC4180.parse(new java.io.StringReader(csv)).forEach(r -> rows.add(r.toList()));
        return rows;
    }

    @Test
    void aFileWithEveryFieldQuotedAndAByteOrderMarkReadsAsTheBundledSystem(@TempDir final Path dir)
            throws IOException {
        final StringBuilder quoted = new StringBuilder("\uFEFF");
        try (CSVPrinter printer = new CSVPrinter(quoted, CSVFormat.RFC4180.builder().setQuoteMode(QuoteMode.ALL)
                .setRecordSeparator("\r\n").build())) {
            for (final List<String> row : records(bundled("chip1024"))) {
                printer.printRecord(row);
            }
        }
        final Path file = dir.resolve("chip1024.csv");
        Files.writeString(file, quoted, StandardCharsets.UTF_8);
        final SystemSpec fromFile = SystemSpec.fromFile(file);
        final SystemSpec bundled = SystemSpec.named("chip1024");
        assertEquals(bundled.cores(), fromFile.cores());
        assertEquals(bundled.directoryEntriesPerHome(), fromFile.directoryEntriesPerHome());
        assertEquals(bundled.table().rows().keySet(), fromFile.table().rows().keySet());
        for (final String p : bundled.table().rows().keySet()) {
            assertEquals(bundled.table().string(p), fromFile.table().string(p), p);
        }
    }

    @Test
    void everyBundledRowNamesItsSource() {
        for (final String name : List.of("chip1024", "wsc1m")) {
            for (final ParameterTable.Row row : SystemSpec.named(name).table().rows().values()) {
                assertTrue(!row.source().isBlank(), name + ": " + row.parameter() + " has no source");
            }
        }
    }

    @Test
    void valuesNoMachineHasAreRefusedWithTheLine() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        assertRefused(chip, "clock_ghz", "-1", "clock_ghz = -1: must be in [0.001, 100]");
        assertRefused(chip, "clock_ghz", "NaN", "clock_ghz = 'NaN': must be a finite number");
        assertRefused(chip, "memory_cycles", "1e300", "memory_cycles");
        assertRefused(chip, "cores", "1024.5", "cores = '1024.5': must be an integer in [2, 1073741824]");
        assertRefused(chip, "map_cache_replacement", "plru", "map_cache_replacement = 'plru': must be lru or rtl");
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        assertRefused(wsc, "rack_round_trip_ns", "1e300", "rack_round_trip_ns");
    }

    private static void assertRefused(final SystemSpec system, final String parameter, final String value,
            final String expected) {
        final DataFileException e = assertThrows(DataFileException.class,
                () -> system.with(Map.of(parameter, value), "test"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().matches("(?s).*\\.csv \\(test\\):\\d+: .*"), "names file and line: " + e.getMessage());
    }

    @Test
    void aHeaderThatIsNotTheFourColumnsIsRefused(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("bad.csv");
        Files.writeString(file, "name,value\ncores,1024\n");
        final DataFileException e = assertThrows(DataFileException.class, () -> SystemSpec.fromFile(file));
        assertTrue(e.getMessage().contains(":1: the header must be 'parameter,value,unit,source'"), e.getMessage());
    }

    @Test
    void aParameterGivenTwiceIsRefused(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("twice.csv");
        Files.writeString(file, bundled("chip1024") + "cores,64,cores,typo\n");
        final DataFileException e = assertThrows(DataFileException.class, () -> SystemSpec.fromFile(file));
        assertTrue(e.getMessage().contains("parameter 'cores' repeated (first at line 3)"), e.getMessage());
    }

    @Test
    void aParameterNoSystemReadsIsRefusedWithItsLine(@TempDir final Path dir) throws IOException {
        final String chip = bundled("chip1024");
        final Path file = dir.resolve("typo.csv");
        Files.writeString(file, chip + "clock_gz,2.0,GHz,a misspelt clock_ghz\n");
        final DataFileException e = assertThrows(DataFileException.class, () -> SystemSpec.fromFile(file));
        assertTrue(e.getMessage().contains(":" + (chip.lines().count() + 1) + ": parameter 'clock_gz': not a system "
                + "parameter (the names are those of the bundled chip1024, wsc1m files, and private_lines, "
                + "home_slice_lines)"), e.getMessage());
        final Path lines = dir.resolve("lines.csv");
        Files.writeString(lines, chip + "private_lines,512,lines,sizes in lines\n");
        assertEquals(512, SystemSpec.fromFile(lines).privateLines());
    }
}

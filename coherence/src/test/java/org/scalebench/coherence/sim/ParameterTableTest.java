package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataFileException;

/** The {@code parameter,value,unit,source} tables: quoting, sources, bounds, and errors naming file and physical line. */
class ParameterTableTest {

    /** Line 1 a comment, 2 the header, 4 blank: the rows sit on lines 3, 5, 6, 7 and 8. */
    private static final String TABLE = String.join("\n",
            "# a system for the tests",
            "parameter,value,unit,source",
            "\"cores\",\"8\",\"cores\",\"Table 1, row 2\"",
            "",
            "clock_ghz,1.5,GHz,\"paper, p. 3\"",
            "ways,3/1,,a fraction",
            "big,1_000,,digit separators",
            "name,mesh,,a word") + "\n";

    private static ParameterTable table(final Path dir, final String text) throws IOException {
        final Path file = dir.resolve("system.csv");
        Files.writeString(file, text);
        return ParameterTable.fromFile(file);
    }

    private static String refusal(final Path dir, final String text) {
        return assertThrows(DataFileException.class, () -> table(dir, text)).getMessage();
    }

    @Test
    void quotedCellsReadAsTheirTextAndKeepTheirCommas(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        assertEquals(8, t.integer("cores", 1, 16));
        final ParameterTable.Row cores = t.rows().get("cores");
        assertEquals(new ParameterTable.Row("cores", "8", "cores", "Table 1, row 2", 3), cores);
        assertEquals("paper, p. 3", t.rows().get("clock_ghz").source());
        assertEquals(List.of("cores", "clock_ghz", "ways", "big", "name"), List.copyOf(t.rows().keySet()));
        assertEquals(dir.resolve("system.csv").toString(), t.origin());
    }

    @Test
    void rowsKeepTheirPhysicalLinesPastCommentsAndBlankLines(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        assertEquals(5, t.rows().get("clock_ghz").line());
        assertEquals(6, t.rows().get("ways").line());
        assertEquals(8, t.rows().get("name").line());
    }

    @Test
    void numbersTakeFractionsAndDigitSeparators(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        assertEquals(1.5, t.number("clock_ghz"));
        assertEquals(3, t.integer("ways", 1, 4));
        assertEquals(1000, t.integer("big", 1000, 1000));
        assertEquals(1.5, t.positive("clock_ghz"));
        assertEquals("mesh", t.string("name"));
        assertTrue(t.has("name"));
        assertFalse(t.has("nope"));
    }

    @Test
    void valuesOutsideTheirBoundsNameFileLineValueAndRange(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        final String file = t.origin();
        assertEquals(file + ":3: cores = '8': must be an integer in [16, 32]",
                assertThrows(DataFileException.class, () -> t.integer("cores", 16, 32)).getMessage());
        assertEquals(file + ":5: clock_ghz = '1.5': must be an integer in [1, 4]",
                assertThrows(DataFileException.class, () -> t.integer("clock_ghz", 1, 4)).getMessage());
        assertEquals(file + ":5: clock_ghz = 1.5: must be in [2, 3.5]",
                assertThrows(DataFileException.class, () -> t.number("clock_ghz", 2, 3.5)).getMessage());
        assertEquals(file + ":8: name = 'mesh': must be a finite number",
                assertThrows(DataFileException.class, () -> t.number("name")).getMessage());
        final ParameterTable zero = t.with(Map.of("big", "0"), "a test");
        assertEquals(file + " (a test):7: big = 0: must be greater than 0 and at most 1000000000000",
                assertThrows(DataFileException.class, () -> zero.positive("big")).getMessage());
        final ParameterTable huge = t.with(Map.of("big", "2e12"), "a test");
        assertThrows(DataFileException.class, () -> huge.positive("big"));
    }

    @Test
    void valuesAtTheEdgesOfTheirBoundsAreAccepted(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        assertEquals(1.5, t.number("clock_ghz", 1.5, 1.5), "a range of one value holds it");
        assertEquals(8, t.integer("cores", 8, 8));
        assertEquals(1e12, t.with(Map.of("big", "1e12"), "a test").positive("big"), "the largest quantity");
        assertEquals(Double.MIN_VALUE, t.with(Map.of("big", "4.9e-324"), "a test").positive("big"));
    }

    @Test
    void aMissingParameterIsNamedWithTheFile(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE);
        assertEquals(t.origin() + ": missing parameter 'nope'",
                assertThrows(DataFileException.class, () -> t.string("nope")).getMessage());
        assertEquals(t.origin() + ": missing parameter 'nope'",
                assertThrows(DataFileException.class, () -> t.integer("nope", 0, 1)).getMessage());
    }

    @Test
    void aRepeatedParameterNamesBothLines(@TempDir final Path dir) {
        final String file = dir.resolve("system.csv").toString();
        assertEquals(file + ":9: parameter 'ways' repeated (first at line 6)", refusal(dir, TABLE + "ways,4,,again\n"));
    }

    @Test
    void aRowWithoutSourceOrNameIsRefusedWithItsLine(@TempDir final Path dir) {
        final String file = dir.resolve("system.csv").toString();
        assertEquals(file + ":9: column 'source' is empty: a value is required", refusal(dir, TABLE + "cache,4,KiB,\n"));
        assertEquals(file + ":9: column 'parameter' is empty: a value is required", refusal(dir, TABLE + ",4,KiB,x\n"));
        assertTrue(refusal(dir, TABLE + "cache,4,KiB,a source, unquoted\n").startsWith(file + ":9: has 5 fields"));
        assertTrue(refusal(dir, "parameter,value,source\ncores,8,x\n")
                .startsWith(file + ":1: the header must be 'parameter,value,unit,source'"));
    }

    @Test
    void overridesReplaceValuesAndRecordWhyKeepingUnitAndLine(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE).with(Map.of("cores", "16", "extra", "1"), "a sweep");
        assertEquals(new ParameterTable.Row("cores", "16", "cores", "a sweep", 3), t.rows().get("cores"));
        assertEquals(new ParameterTable.Row("extra", "1", "", "a sweep", 0), t.rows().get("extra"));
        assertTrue(t.origin().endsWith("system.csv (a sweep)"), t.origin());
    }

    @Test
    void aMissingResourceIsNamed() {
        assertEquals("no such configuration resource: /nope.csv", assertThrows(IllegalArgumentException.class,
                () -> ParameterTable.fromResource("/nope.csv")).getMessage());
    }

    @Test
    void namedChoicesAndSwitchesReadAnyCaseAndAreRefusedWithFileAndLine(@TempDir final Path dir) throws IOException {
        final ParameterTable t = table(dir, TABLE).with(Map.of("name", " RTL ", "ways", "On"), "a test");
        assertEquals(org.scalebench.coherence.domain.MapCacheReplacement.RTL,
                t.named("name", org.scalebench.coherence.domain.MapCacheReplacement.class));
        assertTrue(t.onOff("ways"));
        assertFalse(t.with(Map.of("ways", "off"), "a test").onOff("ways"));
        final String file = t.origin();
        assertEquals(file + ":3: cores = '8': must be lru or rtl", assertThrows(DataFileException.class,
                () -> t.named("cores", org.scalebench.coherence.domain.MapCacheReplacement.class)).getMessage());
        assertEquals(file + ":3: cores = '8': must be on or off",
                assertThrows(DataFileException.class, () -> t.onOff("cores")).getMessage());
        assertEquals(file + ": missing parameter 'nope'",
                assertThrows(DataFileException.class, () -> t.onOff("nope")).getMessage());
    }
}

package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Item tables: rows grouped by item and parameter in file order, and the catalogs' messages for what is wrong. */
class ItemRowsTest {

    private static final String HEADER = "gpu,parameter,value,source\n";

    private static DataTable parse(final String text) throws IOException {
        return DataTable.read("t.csv", new StringReader(text));
    }

    private static Map<String, Map<String, DataTable.Row>> group(final String rows) throws IOException {
        return ItemRows.group(parse(HEADER + rows), "gpu", (parameter, row) -> { });
    }

    @Test
    void rowsAreGroupedByItemThenParameterInFileOrderAndLowerCase() throws IOException {
        final List<String> checked = new ArrayList<>();
        final Map<String, Map<String, DataTable.Row>> g = ItemRows.group(parse(HEADER
                + "B,SMS,1,s1\na,sms,2,s2\nb,tile,3,s3\n"), "gpu", (parameter, row) -> checked.add(parameter));
        assertEquals(List.of("b", "a"), List.copyOf(g.keySet()));
        assertEquals(List.of("sms", "tile"), List.copyOf(g.get("b").keySet()));
        assertEquals(4, g.get("b").get("tile").line());
        assertEquals(List.of("sms", "sms", "tile"), checked);
        assertEquals(Map.of("sms", "s1", "tile", "s3"), ItemRows.sources(g.get("b")));
    }

    @Test
    void aRowTheCatalogRefusesStopsTheReading() throws IOException {
        final DataTable t = parse(HEADER + "a,sms,1,s\na,color,red,s\n");
        assertEquals("t.csv:3: parameter = 'color': unknown", assertThrows(DataFileException.class,
                () -> ItemRows.group(t, "gpu", (parameter, row) -> {
                    if (parameter.equals("color")) {
                        throw row.error("parameter = '" + parameter + "': unknown");
                    }
                })).getMessage());
    }

    @Test
    void aRepeatedParameterAnEmptyTableAndAMissingColumnAreRefused() throws IOException {
        assertEquals("t.csv:3: parameter 'sms' of gpu 'a' given twice",
                assertThrows(DataFileException.class, () -> group("a,sms,1,s\nA,SMS,2,s\n")).getMessage());
        assertEquals(2, group("a,sms,1,s\nb,sms,2,s\n").size(), "the same parameter of two items is no repeat");
        assertEquals("t.csv: holds no gpu rows", assertThrows(DataFileException.class, () -> group("")).getMessage());
        assertEquals("t.csv:1: missing column 'gpu': the header must name gpu,parameter,value,source",
                assertThrows(DataFileException.class, () -> ItemRows.group(parse("model,parameter,value,source\n"),
                        "gpu", (parameter, row) -> { })).getMessage());
    }

    @Test
    void aMissingRequiredParameterNamesAllThatAreRequired() throws IOException {
        final Map<String, DataTable.Row> rows = group("a,sms,1,s\n").get("a");
        ItemRows.requireParameters("t.csv", "gpu", "a", rows, List.of("sms"));
        assertEquals("t.csv: gpu 'a' has no 'tile' row: every gpu needs sms, tile", assertThrows(
                DataFileException.class, () -> ItemRows.requireParameters("t.csv", "gpu", "a", rows,
                        List.of("sms", "tile"))).getMessage());
    }

    @Test
    void aFileOfOneItemGivesItAndAnyOtherCountIsRefused() {
        assertEquals("x", ItemRows.only("f.csv", "GPUs", Map.of("a", "x")));
        assertEquals("f.csv: holds 0 GPUs []: must hold exactly one",
                assertThrows(DataFileException.class, () -> ItemRows.only("f.csv", "GPUs", Map.of())).getMessage());
        final Map<String, String> two = new java.util.LinkedHashMap<>();
        two.put("a", "x");
        two.put("b", "y");
        assertEquals("f.csv: holds 2 GPUs [a, b]: must hold exactly one",
                assertThrows(DataFileException.class, () -> ItemRows.only("f.csv", "GPUs", two)).getMessage());
    }

    @Test
    void aBuiltInIsFoundInAnyCaseAndAnUnknownNameListsTheBuiltIns() {
        final Map<String, Integer> builtIns = new java.util.LinkedHashMap<>();
        builtIns.put("dgx1", 1);
        builtIns.put("dgx2", 2);
        assertEquals(2, ItemRows.builtIn(builtIns, "cluster", " DGX2 "));
        assertEquals("cluster = 'dgx9': must be one of dgx1, dgx2 or a CSV file", assertThrows(
                IllegalArgumentException.class, () -> ItemRows.builtIn(builtIns, "cluster", "dgx9")).getMessage());
    }

    @Test
    void aValueThatIsBothABuiltInNameAndAFileIsRefusedAndDotSlashReadsTheFile(
            @org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir) throws java.io.IOException {
        final java.util.List<String> builtIn = java.util.List.of("gnmt", "dgx1");
        final java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("mine.csv"), "x");
        org.junit.jupiter.api.Assertions.assertTrue(ItemRows.readsFile("model", file.toString(), builtIn));
        org.junit.jupiter.api.Assertions.assertFalse(ItemRows.readsFile("model", "gnmt", builtIn),
                "no file named gnmt here: the built-in");
        org.junit.jupiter.api.Assertions.assertFalse(ItemRows.readsFile("model", "no\u0000path", builtIn));
        // a value that can only be a path says what is wrong with it
        final String missing = dir.resolve("none.csv").toString();
        org.junit.jupiter.api.Assertions.assertEquals("model = '" + missing + "': no such file (or give a built-in"
                + " name: gnmt, dgx1)", org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                        () -> ItemRows.readsFile("model", missing, builtIn)).getMessage());
        org.junit.jupiter.api.Assertions.assertEquals("model = 'x.csv': no such file (or give a built-in name: gnmt,"
                + " dgx1)", org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                        () -> ItemRows.readsFile("model", "x.csv", builtIn)).getMessage());
        org.junit.jupiter.api.Assertions.assertTrue(org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ItemRows.readsFile("model", dir.toString(), builtIn))
                .getMessage().contains(": is a directory, expected a CSV file"));
        org.junit.jupiter.api.Assertions.assertFalse(ItemRows.readsFile("model", "megatron-1.7b", builtIn),
                "a name with a version number is no path: the caller lists the built-in names");
        // a file named like a built-in: only the working directory's relative name can collide, so build one there
        final java.nio.file.Path here = java.nio.file.Path.of("dgx1");
        org.junit.jupiter.api.Assumptions.assumeFalse(java.nio.file.Files.exists(here));
        java.nio.file.Files.writeString(here, "x");
        try {
            final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> ItemRows.readsFile("cluster", "dgx1", builtIn));
            org.junit.jupiter.api.Assertions.assertEquals("cluster = 'dgx1': names both the built-in cluster and a file"
                    + " in the working directory; give ./dgx1 to read the file, or move the file to use the built-in",
                    e.getMessage());
            org.junit.jupiter.api.Assertions.assertTrue(ItemRows.readsFile("cluster", "./dgx1", builtIn));
        } finally {
            java.nio.file.Files.delete(here);
        }
    }
}

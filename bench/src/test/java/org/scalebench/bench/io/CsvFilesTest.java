package org.scalebench.bench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvFilesTest {

    @Test
    void writesHeaderAndQuotedRowsWithNoTemporaryFileLeft(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("sub/out.csv");
        CsvFiles.write(file, List.of("a", "note"), List.of(List.of("1", "x, y"), List.of("2", "")));
        assertEquals("a,note\n1,\"x, y\"\n2,\n", Files.readString(file));
        try (var files = Files.list(file.getParent())) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void resultFilesAreReadableByEveryone(@TempDir final Path dir) throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        final Path file = dir.resolve("out.csv");
        CsvFiles.write(file, List.of("a"), List.of());
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void rowOfWrongWidthIsRejectedAndNothingIsWritten(@TempDir final Path dir) {
        final Path file = dir.resolve("out.csv");
        assertThrows(IllegalArgumentException.class, () -> CsvFiles.write(file, List.of("a", "b"), List.of(List.of("1"))));
        assertEquals(false, Files.exists(file));
    }
}

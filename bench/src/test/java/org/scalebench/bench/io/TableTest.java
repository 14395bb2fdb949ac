package org.scalebench.bench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void textAlignsColumnsTwoSpacesApart() {
        final String table = new Table("name", "ns/op").rightAlign(1).row("kernel", "1.06").row("modulo", "12.8").text();
        assertEquals("name    ns/op\nkernel   1.06\nmodulo   12.8\n", table);
    }

    @Test
    void markdownRendersAlignmentAndEscapesCells() {
        final String table = new Table("claim", "value").rightAlign(1).row("a | b", "1\n2").markdown();
        assertEquals("| claim | value |\n|---|---:|\n| a \\| b | 1 2 |\n", table);
    }

    @Test
    void rowWithWrongCellCountIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Table("a", "b").row("only one"));
        assertTrue(new Table("a").isEmpty());
    }
}

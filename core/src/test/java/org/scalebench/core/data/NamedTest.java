package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class NamedTest {

    private enum Shape implements Named {
        SQUARE, ROUND_ROBIN, TRIANGLE;

        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        @Override
        public List<String> aliases() {
            return this == ROUND_ROBIN ? List.of("rr") : List.of();
        }
    }

    private enum Pair implements Named {
        ON, OFF;

        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private enum Only implements Named {
        ONE;

        @Override
        public String id() {
            return "one";
        }
    }

    @Test
    void parsesIdsAndAliasesIgnoringCaseAndBlanks() {
        assertSame(Shape.SQUARE, Named.parse(Shape.class, "shape", "square"));
        assertSame(Shape.ROUND_ROBIN, Named.parse(Shape.class, "shape", " Round-Robin "));
        assertSame(Shape.ROUND_ROBIN, Named.parse(Shape.class, "shape", "RR"));
    }

    @Test
    void anUnknownWordNamesTheParameterTheValueAndEveryChoice() {
        assertEquals("shape = 'hexagon': must be one of square, round-robin or triangle",
                assertThrows(IllegalArgumentException.class, () -> Named.parse(Shape.class, "shape", "hexagon"))
                        .getMessage());
        assertEquals("switch = 'dim': must be on or off",
                assertThrows(IllegalArgumentException.class, () -> Named.parse(Pair.class, "switch", "dim"))
                        .getMessage());
        assertEquals("switch = 'null': must be on or off",
                assertThrows(IllegalArgumentException.class, () -> Named.parse(Pair.class, "switch", null))
                        .getMessage());
    }

    @Test
    void aliasesAreAcceptedButNeverListed() {
        assertEquals(List.of("square", "round-robin", "triangle"), Named.ids(Shape.class));
        assertEquals("one of square, round-robin or triangle", Named.allowed(Shape.class));
        assertEquals("one", Named.allowed(Only.class));
    }
}

package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamSetTest {

    @Test
    void parsesPairsAndPrintsThemInKeyOrder() {
        final ParamSet params = ParamSet.parse("ways=8; n = 1000");
        assertEquals("1000", params.get("n"));
        assertEquals("8", params.get("ways"));
        assertEquals("n=1000;ways=8", params.toString());
        assertEquals(params, ParamSet.parse("n=1000;ways=8"));
    }

    @Test
    void blankTextIsTheEmptyCombination() {
        assertEquals(ParamSet.empty(), ParamSet.parse(" "));
        assertEquals("", ParamSet.empty().toString());
    }

    @Test
    void malformedPairsNameTheText() {
        for (final String bad : List.of("n", "n=", "=5", "n=1;;m=2", "n=1;")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParamSet.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void repeatedKeyIsRejected() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ParamSet.parse("n=1;n=2"));
        assertTrue(e.getMessage().contains("n is given twice"), e.getMessage());
    }

    @Test
    void ordersNumericValuesNumerically() {
        final List<ParamSet> sorted = List.of(ParamSet.of(Map.of("n", "1000003")), ParamSet.of(Map.of("n", "999")),
                ParamSet.of(Map.of("n", "1000"))).stream().sorted().toList();
        assertEquals(List.of("n=999", "n=1000", "n=1000003"), sorted.stream().map(ParamSet::toString).toList());
    }
}

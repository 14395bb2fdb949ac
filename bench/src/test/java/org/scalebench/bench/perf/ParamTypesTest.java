package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ParamTypesTest {

    private static final BenchmarkClass REDUCE = new BenchmarkClass("org.scalebench.bench.jmh.RangeReductionBench",
            List.of("kernel", "modulo"), Map.of("n", List.of("1000")));

    @Test
    void valueOfTheFieldsTypePasses() {
        assertEquals(Optional.empty(), ParamTypes.problem(REDUCE, "n", "1000003"));
    }

    @Test
    void valueNotOfTheFieldsTypeIsNamedWithTheType() {
        assertEquals(Optional.of("n = '1e3': must be an int (RangeReductionBench.n)"),
                ParamTypes.problem(REDUCE, "n", "1e3"));
        assertEquals(Optional.of("n = 'abc': must be an int (RangeReductionBench.n)"),
                ParamTypes.problem(REDUCE, "n", "abc"));
    }

    @Test
    void unknownClassOrFieldIsLeftToJmh() {
        final BenchmarkClass synthetic = new BenchmarkClass("org.scalebench.bench.jmh.NoSuchBench", List.of("kernel"),
                Map.of("n", List.of("1")));
        assertEquals(Optional.empty(), ParamTypes.problem(synthetic, "n", "abc"));
        assertEquals(Optional.empty(), ParamTypes.problem(REDUCE, "ways", "abc"));
    }
}

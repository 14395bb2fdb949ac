package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KernelComparisonTest {

    private static Measurement m(final String benchmark, final String method, final String params, final double ns) {
        return new Measurement(benchmark, method, ParamSet.parse(params), ns, 0, 0);
    }

    @Test
    void groupsByClassAndParamsWithTheKernelApart() {
        final List<KernelComparison> groups = KernelComparison.group(List.of(
                m("LookupBench", "hashMap", "n=1000", 20), m("LookupBench", "kernel", "n=1000", 4),
                m("LookupBench", "fastutil", "n=1000", 6), m("LookupBench", "kernel", "n=10", 2),
                m("AbcBench", "kernel", "", 1)));
        assertEquals(List.of("AbcBench ", "LookupBench n=10", "LookupBench n=1000"),
                groups.stream().map(g -> g.benchmark() + " " + g.params()).toList());
        final KernelComparison lookup = groups.get(2);
        assertEquals(4, lookup.kernel().nsPerOp());
        assertEquals(List.of("fastutil", "hashMap"), lookup.references().stream().map(Measurement::method).toList());
        assertEquals(5.0, lookup.speedupOver(lookup.reference("hashMap").orElseThrow()));
        assertEquals(1.5, lookup.speedupOver(lookup.reference("fastutil").orElseThrow()));
        assertTrue(lookup.reference("agrona").isEmpty());
    }

    @Test
    void classWithoutKernelHasNoSpeedup() {
        final KernelComparison c = KernelComparison.group(List.of(m("OddBench", "modulo", "", 3))).get(0);
        assertNull(c.kernel());
        assertTrue(Double.isNaN(c.speedupOver(c.references().get(0))));
    }
}

package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GatePlanTest {

    private static final BenchmarkClass REDUCE = new BenchmarkClass("org.scalebench.bench.jmh.RangeReductionBench",
            List.of("kernel", "modulo"), Map.of("n", List.of("1000", "1024")));
    private static final BenchmarkClass NO_KERNEL = new BenchmarkClass("org.scalebench.bench.jmh.OddBench",
            List.of("modulo"), Map.of());
    private static final BenchmarkCatalog CATALOG = new BenchmarkCatalog(
            List.of(REDUCE, RunRequestTest.LOOKUP, NO_KERNEL));

    private static List<PerfFloor> floors(final String... rows) {
        final String[] lines = new String[rows.length + 1];
        lines[0] = "benchmark,reference,params,min_speedup,max_bytes_per_op";
        System.arraycopy(rows, 0, lines, 1, rows.length);
        return PerfFloors.parse("f.csv", List.of(lines));
    }

    private static String error(final String row) {
        return assertThrows(IllegalArgumentException.class, () -> GatePlan.round(floors(row), CATALOG, 0)).getMessage();
    }

    @Test
    void aRoundRunsTheKernelAndTheNamedReferencesBackToBackOnTheFloorsCombinationsOnly() {
        final List<PerfFloor> floors = floors("RangeReductionBench,modulo,n=1000,1.9,0.01",
                "LookupBench,hashMap,n=1000000;hit=1,5,0", "LookupBench,fastutil,n=1000000;hit=1,1,0");
        final List<RunRequest> even = GatePlan.round(floors, CATALOG, 0);
        assertEquals(List.of("RangeReductionBench kernel", "RangeReductionBench modulo", "LookupBench kernel",
                "LookupBench fastutil", "LookupBench hashMap"), names(even));
        even.forEach(r -> assertEquals(1, r.runCount(), r.toString()));
        assertEquals(Map.of("n", List.of("1000")), even.get(0).params());
        assertEquals(Map.of("hit", List.of("1"), "n", List.of("1000000")), even.get(2).params());
        assertEquals(List.of("RangeReductionBench modulo", "RangeReductionBench kernel", "LookupBench hashMap",
                "LookupBench fastutil", "LookupBench kernel"), names(GatePlan.round(floors, CATALOG, 1)),
                "odd rounds put the kernel last");
        assertEquals(even, GatePlan.round(floors, CATALOG, 2));
    }

    @Test
    void absoluteTimesAreMeasuredInTheFirstRoundOnly() {
        final List<PerfFloor> floors = floors("RangeReductionBench,modulo,n=1000,1.9,0.01",
                "RangeReductionBench,-,n=1024,-,0.01");
        assertEquals(List.of("RangeReductionBench kernel", "RangeReductionBench modulo", "RangeReductionBench kernel"),
                names(GatePlan.round(floors, CATALOG, 0)));
        assertEquals(List.of("RangeReductionBench modulo", "RangeReductionBench kernel"),
                names(GatePlan.round(floors, CATALOG, 1)));
    }

    private static List<String> names(final List<RunRequest> requests) {
        return requests.stream().map(r -> r.benchmark().simpleName() + " " + String.join(",", r.methods())).toList();
    }

    @Test
    void unknownClassNamesTheLineAndTheKnownClasses() {
        assertEquals("f.csv:2: no benchmark class NopeBench (known: LookupBench, OddBench, RangeReductionBench)",
                error("NopeBench,modulo,n=1,2,0"));
    }

    @Test
    void unknownReferenceNamesTheLineAndTheReferences() {
        assertEquals("f.csv:2: RangeReductionBench has no reference method bitSet (references: modulo)",
                error("RangeReductionBench,bitSet,n=1000,2,0"));
    }

    @Test
    void classWithoutKernelIsRejected() {
        assertEquals("f.csv:2: OddBench has no 'kernel' method (methods: modulo)", error("OddBench,modulo,,2,0"));
    }

    @Test
    void paramsMustSetExactlyTheClassParams() {
        assertEquals("f.csv:2: params 'n=1000' must set every @Param of LookupBench and no other: hit, n",
                error("LookupBench,hashMap,n=1000,2,0"));
        assertEquals("f.csv:2: params 'm=1;n=1000' must set every @Param of RangeReductionBench and no other: n",
                error("RangeReductionBench,modulo,n=1000;m=1,2,0"));
    }

    @Test
    void representativeSelectionUsesTheFloorsCombinationsElseTheFirst() {
        final List<RunRequest> requests = GatePlan.representative(List.of(REDUCE, RunRequestTest.LOOKUP),
                floors("RangeReductionBench,modulo,n=1024,1.9,0.01"), CATALOG);
        assertEquals(2, requests.size());
        assertEquals(Map.of("n", List.of("1024")), requests.get(0).params());
        assertEquals(List.of("kernel", "fastutil", "hashMap"), requests.get(1).methods());
        assertEquals(Map.of("hit", List.of("0"), "n", List.of("1000")), requests.get(1).params());
    }
}

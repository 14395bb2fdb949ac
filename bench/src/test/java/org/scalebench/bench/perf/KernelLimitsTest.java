package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The limits file: the committed one names real benchmarks; ratios pair a kernel with its floor; errors name file:line. */
class KernelLimitsTest {

    private static final BenchmarkCatalog CATALOG = BenchmarkCatalog.fromClassPath();
    private static final String HEADER = KernelLimits.HEADER + ",note";

    @Test
    void theCommittedLimitsNameBenchmarksMethodsAndParametersOfTheCatalog() throws IOException {
        final List<KernelLimits.Limit> limits = KernelLimits.read(Path.of("perf-limits.csv")); // surefire: module dir
        assertFalse(limits.isEmpty());
        final List<RunRequest> requests = KernelLimits.floorRequests(limits, CATALOG);
        final List<RunRequest> floorSide = requests.stream()
                .filter(r -> r.benchmark().simpleName().equals("MemoryFloorBench")).toList();
        final long distinct = limits.stream().map(l -> l.floorMethod() + " " + l.floorParams()).distinct().count();
        assertEquals(distinct, floorSide.stream().mapToLong(RunRequest::runCount).sum(), "each floor measured once");
        // a limit on another method than kernel (the dependent lookups) is measured with the floors, once
        final long others = limits.stream().filter(l -> !l.method().equals("kernel"))
                .map(l -> l.benchmark() + "." + l.method() + " " + l.params()).distinct().count();
        assertTrue(others > 0, "the committed limits judge the dependent lookups");
        assertEquals(others, requests.size() - floorSide.size(), "each other kernel-side method once");
        // every kernel row is also a floor row of the gate, so the gate measures the kernel side already
        final List<PerfFloor> floors = PerfFloors.read(Path.of("perf-floors.csv"));
        for (final KernelLimits.Limit limit : limits.stream().filter(l -> l.method().equals("kernel")).toList()) {
            assertTrue(floors.stream().anyMatch(f -> f.benchmark().equals(limit.benchmark())
                    && f.params().equals(limit.params())), limit.source() + " has no floor row measuring its kernel");
        }
    }

    @Test
    void ratiosPairEachKernelWithItsFloorFromTheSameRound() {
        final List<KernelLimits.Limit> limits = KernelLimits.parse("limits.csv", List.of(HEADER,
                "LineTableBench,kernel,entries=16777216;lookup=hit,MemoryFloorBench,dependent,footprint=lineTable-16M,1.5,x",
                "LineTableBench,kernel,entries=16777216;lookup=miss,MemoryFloorBench,dependent,footprint=lineTable-16M,-,y",
                "LineTableBench,kernel,entries=1048576;lookup=hit,MemoryFloorBench,dependent,footprint=lineTable-1M,2,z"));
        final List<Measurement> round = List.of(
                new Measurement("LineTableBench", "kernel", ParamSet.parse("entries=16777216;lookup=hit"), 60, 1, 0),
                new Measurement("LineTableBench", "kernel", ParamSet.parse("entries=16777216;lookup=miss"), 90, 1, 0),
                new Measurement("LineTableBench", "fastutil", ParamSet.parse("entries=16777216;lookup=hit"), 75, 1, 0),
                new Measurement("MemoryFloorBench", "dependent", ParamSet.parse("footprint=lineTable-16M"), 50, 1, 0));
        final List<KernelLimits.Ratio> ratios = KernelLimits.ratios(limits, round);
        assertEquals(2, ratios.size(), "the 1M row's kernel and floor were not measured");
        assertEquals(1.2, ratios.get(0).overFloor(), 1e-12);
        assertTrue(ratios.get(0).meetsTarget());
        assertEquals(1.8, ratios.get(1).overFloor(), 1e-12);
        assertTrue(ratios.get(1).meetsTarget(), "no target: reported only");
        assertEquals("MemoryFloorBench.dependent footprint=lineTable-16M", ratios.get(0).limit().floorLabel());
        final KernelLimits.Ratio over = new KernelLimits.Ratio(limits.get(0), 80, 50);
        assertFalse(over.meetsTarget(), "1.6 over a 1.5 target");
    }

    @Test
    void malformedRowsAreNamedByFileAndLine() {
        assertEquals("limits.csv:1: header must start with " + KernelLimits.HEADER + ", found 'benchmark,params'",
                assertThrows(IllegalArgumentException.class,
                        () -> KernelLimits.parse("limits.csv", List.of("benchmark,params"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KernelLimits.parse("limits.csv", List.of(HEADER,
                "# comment", "LineTableBench,kernel,entries=1048576;lookup=hit,MemoryFloorBench,dependent,"
                        + "footprint=lineTable-1M,fast"))).getMessage().startsWith("limits.csv:3: target = 'fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KernelLimits.parse("limits.csv", List.of(HEADER,
                "LineTableBench,kernel,entries=1048576;lookup=hit,MemoryFloorBench,dependent,footprint=lineTable-1M,0")))
                .getMessage().startsWith("limits.csv:2: target = 0"));
        final List<KernelLimits.Limit> unknown = KernelLimits.parse("limits.csv", List.of(HEADER,
                "LineTableBench,kernel,entries=1048576;lookup=hit,MemoryFloorBench,chase,footprint=lineTable-1M,1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KernelLimits.floorRequests(unknown, CATALOG))
                .getMessage().startsWith("limits.csv:2: MemoryFloorBench has no method chase"));
        final List<KernelLimits.Limit> badParams = KernelLimits.parse("limits.csv", List.of(HEADER,
                "LineTableBench,kernel,entries=1048576,MemoryFloorBench,dependent,footprint=lineTable-1M,1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KernelLimits.floorRequests(badParams, CATALOG))
                .getMessage().startsWith("limits.csv:2: params 'entries=1048576' must set every @Param of LineTableBench"));
        assertEquals("limits.csv: no header; expected " + KernelLimits.HEADER,
                assertThrows(IllegalArgumentException.class, () -> KernelLimits.parse("limits.csv", List.of("# only")))
                        .getMessage());
    }
}

package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PerfFloorsTest {

    private static final String HEADER = "benchmark,reference,params,min_speedup,max_bytes_per_op";

    private static List<PerfFloor> parse(final String... lines) {
        return PerfFloors.parse("floors.csv", List.of(lines));
    }

    private static String error(final String... lines) {
        return assertThrows(IllegalArgumentException.class, () -> parse(lines)).getMessage();
    }

    @Test
    void readsFloorsSkippingCommentsBlankLinesAndExtraColumns() {
        final List<PerfFloor> floors = parse("# comment", "", HEADER + ",note",
                "RangeReductionBench,modulo,n=1000,1.9,0.01,\"measured 2.7x, median\"",
                "  # indented comment",
                "LineTableBench,hashMap,n=1000000;hit=0.5,5,0");
        assertEquals(2, floors.size());
        final PerfFloor first = floors.get(0);
        assertEquals("RangeReductionBench", first.benchmark());
        assertEquals("modulo", first.reference());
        assertEquals(ParamSet.parse("n=1000"), first.params());
        assertEquals(1.9, first.minSpeedup());
        assertEquals(0.01, first.maxBytesPerOp());
        assertEquals("floors.csv:4", first.source());
        assertEquals("floors.csv:6", floors.get(1).source());
        assertEquals("0.5", floors.get(1).params().get("hit"));
    }

    @Test
    void theCommittedFloorsFileParses() throws IOException {
        final Path committed = Path.of("perf-floors.csv"); // surefire runs in the module directory
        final List<PerfFloor> floors = PerfFloors.read(committed);
        assertTrue(floors.size() >= 2, floors.toString());
        assertTrue(Files.readString(committed).contains("Never lower a floor"));
    }

    @Test
    void wrongHeaderNamesTheLine() {
        assertEquals("floors.csv:2: header must start with " + HEADER + ", found 'benchmark,params'",
                error("# c", "benchmark,params"));
    }

    @Test
    void wrongColumnCountNamesTheLine() {
        assertEquals("floors.csv:2: 4 columns, expected 5 as in the header", error(HEADER, "A,b,n=1,2"));
        assertEquals("floors.csv:2: 7 columns, expected 5 to 6 as in the header",
                error(HEADER + ",note", "A,b,n=1,2,0,x,y"));
    }

    @Test
    void nonNumbersNameColumnAndLine() {
        assertEquals("floors.csv:2: min_speedup = 'fast': not a number", error(HEADER, "A,b,n=1,fast,0"));
        assertEquals("floors.csv:2: max_bytes_per_op = '': not a number", error(HEADER, "A,b,n=1,2,"));
    }

    @Test
    void outOfRangeNumbersNameTheAllowedRange() {
        assertEquals("floors.csv:2: min_speedup = 0.0: must be a finite number > 0", error(HEADER, "A,b,n=1,0,0"));
        assertEquals("floors.csv:2: min_speedup = NaN: must be a finite number > 0", error(HEADER, "A,b,n=1,NaN,0"));
        assertEquals("floors.csv:2: max_bytes_per_op = -1.0: must be a finite number >= 0",
                error(HEADER, "A,b,n=1,2,-1"));
        assertEquals("floors.csv:2: max_bytes_per_op = Infinity: must be a finite number >= 0",
                error(HEADER, "A,b,n=1,2,Infinity"));
    }

    @Test
    void malformedParamsNameTheLine() {
        assertTrue(error(HEADER, "A,b,n1000,2,0").startsWith("floors.csv:2: params 'n1000'"));
    }

    @Test
    void kernelIsNotAReference() {
        assertEquals("floors.csv:2: reference = kernel: must name a reference or peer method, or - for an "
                + "absolute time that is reported, not gated", error(HEADER, "A,kernel,n=1,2,0"));
    }

    @Test
    void absoluteRowsGateNoSpeedup() {
        final List<PerfFloor> rows = PerfFloors.parse("floors.csv", List.of(HEADER, "A,-,n=1,-,-", "B,-,n=1,-,0.01"));
        assertFalse(rows.get(0).gatesSpeedup());
        assertFalse(rows.get(0).gatesAllocation());
        assertTrue(rows.get(1).gatesAllocation());
        assertEquals("floors.csv:2: min_speedup = 2.0: a row without a reference gates no speedup; write -",
                error(HEADER, "A,-,n=1,2,0"));
        assertEquals("floors.csv:2: min_speedup = NaN: must be a finite number > 0", error(HEADER, "A,b,n=1,-,0"));
        assertEquals("floors.csv:2: max_bytes_per_op = NaN: must be a finite number >= 0",
                error(HEADER, "A,b,n=1,2,-"));
    }

    @Test
    void repeatedFloorNamesBothLines() {
        assertEquals("floors.csv:3: A b n=1 repeats the floor of floors.csv:2",
                error(HEADER, "A,b,n=1,2,0", "A,b,n=1,3,0"));
    }

    @Test
    void emptyFilesAreRejected() {
        assertEquals("floors.csv: no header; expected " + HEADER, error("# only a comment"));
        assertEquals("floors.csv: no floors after the header", error(HEADER));
    }

    @Test
    void unbalancedQuoteIsMalformedCsv() {
        assertTrue(error(HEADER, "A,b,n=1,2,\"0").startsWith("floors.csv:2: malformed CSV"));
    }
}

package org.scalebench.bench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.SimulationResult;

/**
 * The verdict table's exact Markdown: one right-aligned column per outside share (a share a verdict lacks shows
 * "-"), the confidence interval and saturation in the cell, the crossover last.
 */
class CdrVerdictsTest {

    private static CdrVerdicts.Point point(final String verdict, final double outside, final double ratio,
            final double half, final boolean saturated) {
        return point(verdict, outside, ratio, half, saturated, true);
    }

    private static CdrVerdicts.Point point(final String verdict, final double outside, final double ratio,
            final double half, final boolean saturated, final boolean steady) {
        return new CdrVerdicts.Point(verdict, outside, Double.isNaN(half) ? 1 : 3, ratio, ratio - half, ratio + half,
                ratio, 1 / ratio, "global/full-map", saturated, steady);
    }

    /** A run with the given outside share, settling verdict and Little's-law ratio; every other cell 0. */
    private static SimulationResult run(final String outside, final boolean settled, final double little) {
        final List<String> row = new java.util.ArrayList<>(java.util.Collections.nCopies(SimulationResult.COLUMNS.length,
                "0"));
        final List<String> columns = List.of(SimulationResult.COLUMNS);
        row.set(columns.indexOf("outside"), outside);
        row.set(columns.indexOf("settled"), Boolean.toString(settled));
        row.set(columns.indexOf("littles_law_ratio"), Double.toString(little));
        return SimulationResult.fromRow(row);
    }

    @Test
    void aRunIsSteadyWhenSettledAndWithinLittlesLaw() {
        assertTrue(CdrVerdicts.steady(run("0.01", true, 1.02)));
        assertFalse(CdrVerdicts.steady(run("0.01", true, 0.65)), "the throughput and the latency disagree");
        assertFalse(CdrVerdicts.steady(run("0.01", true, 1.45)));
        assertFalse(CdrVerdicts.steady(run("0.01", false, 1.0)), "counted before the throughput was steady");
        assertTrue(CdrVerdicts.steady(run("", false, 0.7)), "a trace is neither settled nor held to the law");
    }

    @Test
    void tableHasOneColumnPerShareAndTheCrossoverLast() {
        final List<CdrVerdicts.Point> points = List.of(
                point("sr+hr vs the strongest baseline", 0, 1.0011, Double.NaN, false),
                point("sr+hr vs the strongest baseline", 0.0001, 0.98996, Double.NaN, false),
                point("sr+hr vs the strongest baseline", 0.01, 0.840829, Double.NaN, true),
                point("sr vs global/full-map", 0, 0.5, 0.0123, false),
                point("sr vs global/full-map", 0.01, 2.0, 0.25, false),
                point("hr/full-map vs global/full-map", 0.0001, 4.5, Double.NaN, false, false));
        assertEquals("""
                | verdict (throughput ratio, CDR / baseline) | 0 outside | 0.000100000 outside | 0.0100000 outside \
                | crossover |
                |---|---:|---:|---:|---|
                | sr+hr vs the strongest baseline | 1.00 | 0.990 | 0.841 (sat.) \
                | below 0.000100000 (CDR behind beyond) |
                | sr vs global/full-map | 0.500 [0.488, 0.512] | - | 2.00 [1.75, 2.25] \
                | below 0.0100000 (CDR ahead beyond) |
                | hr/full-map vs global/full-map | - | 4.50 (unsteady) | - \
                | none in [0.000100000, 0.000100000] (CDR ahead throughout) |
                """, CdrVerdicts.table(points));
    }

    /** A ratio near 1 can cross twice: both crossings are listed, and the verdict beyond the last. */
    @Test
    void aCurveThatCrossesTwiceListsBothCrossings() {
        final List<CdrVerdicts.Point> points = List.of(
                point("sr vs global/full-map", 0, 0.968, Double.NaN, false),
                point("sr vs global/full-map", 0.0001, 1.0066, Double.NaN, true),
                point("sr vs global/full-map", 0.01, 0.920, Double.NaN, false));
        final List<List<String>> rows = CdrVerdicts.crossovers(points);
        assertEquals(1, rows.size());
        assertEquals("below 0.000100000; " + rows.get(0).get(2).split("; ")[1], rows.get(0).get(2));
        final double second = Double.parseDouble(rows.get(0).get(2).split("; ")[1]);
        assertTrue(second > 0.0001 && second < 0.01, "the second crossing lies between the shares run: " + second);
        assertEquals("CDR behind beyond the last of 2 crossings", rows.get(0).get(3));
    }
}

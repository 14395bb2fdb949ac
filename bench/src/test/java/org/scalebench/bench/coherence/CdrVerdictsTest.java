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
                | verdict (throughput ratio, CDR / baseline) | 0% outside | 0.01% outside | 1% outside \
                | crossover |
                |---|---:|---:|---:|---|
                | sr+hr vs the strongest baseline | 1.00 | 0.990 | 0.841 (sat.) \
                | below 0.01% (CDR behind beyond) |
                | sr vs global/full-map | 0.500 [0.488, 0.512] | - | 2.00 [1.75, 2.25] \
                | below 1% (CDR ahead beyond) |
                | hr/full-map vs global/full-map | - | 4.50 (unsteady) | - \
                | not measured: one outside share (CDR ahead at 0.01%) |
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
        // log10 interpolation between (1e-4, 1.0066) and (1e-2, 0.920): 10^(-4 + 2 x 0.0066 / 0.0866) = 1.42045e-4
        assertEquals(List.of("sr vs global/full-map", "0", "0.968000", "below 0.0001; 0.000142045",
                "CDR behind beyond the last of 2 crossings"), rows.get(0));
        final double second = Double.parseDouble(rows.get(0).get(3).split("; ")[1]);
        assertTrue(second > 0.0001 && second < 0.01, "the second crossing lies between the shares run: " + second);
    }

    /**
     * One share run is no curve: the first share and the ratio there are what was run (not "zero outside"), and no
     * crossover is claimed.
     */
    @Test
    void oneShareNamesItselfAndClaimsNoCrossover() {
        final List<List<String>> rows = CdrVerdicts.crossovers(List.of(
                point("sr+hr vs the strongest baseline", 0.01, 0.877139, Double.NaN, false)));
        assertEquals(List.of("verdict", "first_outside", "ratio_at_first_outside", "crossover_outside", "then"),
                CdrVerdicts.CROSSOVER_COLUMNS);
        assertEquals(List.of(List.of("sr+hr vs the strongest baseline", "0.01", "0.877139",
                "not measured: one outside share", "CDR behind at 0.01")), rows);
    }

    /** Two shares with no flip between them: the range run, and the side throughout. */
    @Test
    void noFlipNamesTheRangeRun() {
        final List<List<String>> rows = CdrVerdicts.crossovers(List.of(
                point("sr+hr vs global/dir-b-6", 0, 6490, Double.NaN, false),
                point("sr+hr vs global/dir-b-6", 0.01, 12.1, Double.NaN, false)));
        assertEquals(List.of(List.of("sr+hr vs global/dir-b-6", "0", "6490.00", "none in [0, 0.01]",
                "CDR ahead throughout")), rows);
    }
}

package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.energy.EnergyModel;

/**
 * Holds {@link SimulationResult}'s CSV row to its header: every value in its own named column, numbers with six
 * significant digits in a fixed locale, an unknown outside fraction as an empty cell, and {@link
 * SimulationResult#fromRow} reading a written row back to the same result; only the three wall-clock columns count as
 * measuring the host.
 */
class SimulationResultTest {

    /** A result whose every field holds a different value, each exact in six significant digits. */
    private static SimulationResult sample(final double outside) {
        return new SimulationResult("chip1024", "sr+hr", "dir-b-4", "piton", "vm", 7, 1_000, 0.125, 250.5, 1_200,
                33.25, 9_001, 72_008, 45_000, 12, 340, 0.0625, 0.03125, 77, 4_096, 5_120, 0.75, 66, 4.5, 512, 98_765,
                new EnergyModel.Breakdown(1.5, 2.25, 3.125, 4), "sticky", outside, 262_144, true, 1.75, 571_428,
                16, 0.875, false, 10.25, 123_456, 2.5, "link 3->4", 4_194_304, true, 1.0625);
    }

    private static String cell(final Object[] row, final String column) {
        return String.valueOf(row[List.of(SimulationResult.COLUMNS).indexOf(column)]);
    }

    private static List<String> text(final Object[] row) {
        final List<String> cells = new ArrayList<>();
        for (final Object value : row) {
            cells.add(String.valueOf(value));
        }
        return cells;
    }

    @Test
    void eachValueIsWrittenInItsOwnColumn() {
        final Object[] row = sample(0.5).row();
        assertEquals(SimulationResult.COLUMNS.length, row.length);
        assertEquals("chip1024", cell(row, "system"));
        assertEquals("sr+hr", cell(row, "scheme"));
        assertEquals("dir-b-4", cell(row, "format"));
        assertEquals("piton", cell(row, "homes"));
        assertEquals("vm", cell(row, "workload"));
        assertEquals("7", cell(row, "seed"));
        assertEquals("0.125000", cell(row, "miss_rate"));
        assertEquals("250.500", cell(row, "avg_miss_latency_cycles"));
        assertEquals("1200", cell(row, "p99_miss_latency_cycles"));
        assertEquals("33.2500", cell(row, "avg_access_latency_cycles"));
        assertEquals("72008", cell(row, "bytes"));
        assertEquals("0.0625000", cell(row, "sharer_map_miss_rate"));
        assertEquals("0.0312500", cell(row, "home_map_miss_rate"));
        assertEquals("5120", cell(row, "directory_bits_with_tags"));
        assertEquals("10.8750", cell(row, "energy_nj"), "1.5 + 2.25 + 3.125 + 4");
        assertEquals("1.50000", cell(row, "energy_network_nj"));
        assertEquals("2.25000", cell(row, "energy_directory_nj"));
        assertEquals("3.12500", cell(row, "energy_leakage_nj"));
        assertEquals("4.00000", cell(row, "energy_dram_nj"));
        assertEquals("0.500000", cell(row, "outside"));
        assertEquals("true", cell(row, "warmup_steady"));
        assertEquals("false", cell(row, "saturated"));
        assertEquals("123456", cell(row, "warmup_accesses_per_second"));
        assertEquals("link 3->4", cell(row, "busiest_resource"));
        assertEquals("1.06250", cell(row, "littles_law_ratio"));
        assertEquals(10.875, sample(0.5).energyNanojoules());
    }

    @Test
    void anUnknownOutsideFractionIsAnEmptyCell() {
        assertEquals("", cell(sample(Double.NaN).row(), "outside"));
    }

    @Test
    void aWrittenRowReadsBackToTheSameResult() {
        final SimulationResult known = sample(0.5);
        assertEquals(known, SimulationResult.fromRow(text(known.row())));
        final SimulationResult trace = sample(Double.NaN);
        assertEquals(trace, SimulationResult.fromRow(text(trace.row())), "the empty outside cell reads as NaN");
    }

    @Test
    void aRowWithExtraCellsIsReadAndAShortOneRefused() {
        final List<String> cells = text(sample(0.5).row());
        final List<String> longer = new ArrayList<>(cells);
        longer.add("a later column");
        assertEquals(sample(0.5), SimulationResult.fromRow(longer));
        final List<String> shorter = cells.subList(0, cells.size() - 1);
        assertEquals("a simulation row has 47 cells, this one 46",
                assertThrows(IllegalArgumentException.class, () -> SimulationResult.fromRow(shorter)).getMessage());
    }

    @Test
    void onlyTheThreeWallClockColumnsMeasureTheHost() {
        final List<String> columns = Arrays.asList(SimulationResult.COLUMNS);
        final List<String> wall = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (SimulationResult.isWallClock(i)) {
                wall.add(columns.get(i));
            }
        }
        assertEquals(List.of("sim_seconds", "accesses_per_second", "warmup_accesses_per_second"), wall);
        assertFalse(SimulationResult.isWallClock(-1));
        assertFalse(SimulationResult.isWallClock(columns.size()));
        assertTrue(SimulationResult.isWallClock(columns.indexOf("sim_seconds")));
    }
}

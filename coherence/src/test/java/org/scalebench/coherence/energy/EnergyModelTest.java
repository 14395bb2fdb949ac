package org.scalebench.coherence.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;

class EnergyModelTest {

    private static final SramTable CACTI = SramTable.named("cacti45-lop");

    @Test
    void theTableIsExactAtItsPointsAndMonotoneBetween() {
        assertEquals(7.2331, CACTI.readPicojoules(32768), 1e-9);
        assertEquals(0.51473e-3 / (32768 * 8), CACTI.leakageWattsPerBit(32768), 1e-18);
        double previous = 0;
        for (int bytes = 1024; bytes <= (16 << 20); bytes += bytes / 3) {
            final double e = CACTI.readPicojoules(bytes);
            assertTrue(e > previous, "read energy grows with the array: " + bytes);
            previous = e;
        }
        assertTrue(CACTI.readPicojoules(64 << 20) > CACTI.readPicojoules(16 << 20), "extrapolated beyond the table");
        assertTrue(CACTI.source().contains("CACTI 7"), CACTI.source());
    }

    @Test
    void malformedTablesNameTheirLine() throws Exception {
        final String bad = "array_bytes,read_pj_per_64bit,leakage_mw,source\n1024,1,1,x\n512,2,2,y\n";
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SramTable.parse("t",
                new BufferedReader(new StringReader(bad)))).getMessage().contains("t:3: array sizes must increase"));
        assertThrows(IllegalArgumentException.class, () -> SramTable.named("no-such-table"));
    }

    @Test
    void aSmallerDirectoryReadsCheaperWordsAndLeaksLess() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final EnergyModel model = chip.energyModel();
        final FormatSpec full = FormatSpec.parse("full-map");
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        final EnergyModel.Breakdown f = model.estimate(chip.directory(full), 0, 1_000_000, 0, 1_000_000);
        final EnergyModel.Breakdown c = model.estimate(chip.directory(cdr), 0, 1_000_000, 0, 1_000_000);
        assertTrue(f.directoryNj() > 5 * c.directoryNj(), f + " vs " + c);
        assertTrue(f.leakageNj() > 8 * c.leakageNj(), f + " vs " + c);
        // leakage is power x time: twice the machine time, twice the leakage
        assertEquals(2 * c.leakageNj(), model.estimate(chip.directory(cdr), 0, 0, 0, 2_000_000).leakageNj(), 1e-6);
        // network and DRAM are linear in their counts
        final EnergyModel.Breakdown n = model.estimate(chip.directory(cdr), 1000, 0, 10, 0);
        assertEquals(1000 * 13.95 / 1000, n.networkNj(), 1e-9);
        assertEquals(10 * 15_600 / 1000.0, n.dramNj(), 1e-9);
        assertEquals(n.networkNj() + n.dramNj(), n.totalNj(), 1e-9);
    }
}

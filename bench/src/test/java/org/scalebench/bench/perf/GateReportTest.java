package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;

/** The documentation's performance tables from a gate CSV: every row, the machine, and the markers' handling. */
class GateReportTest {

    private static final String HEADER = "benchmark,reference,params,kernel_ns,reference_ns,speedup,bytes_per_op,"
            + "min_speedup,status,max_bytes_per_op,runs,run_speedups,cpu,jdk,commit\n";
    private static final String MACHINE = "AMD EPYC,OpenJDK 64-Bit Server VM 17.0.15,c45513703f137228965b95ba10f4971eaee63266";

    private static DataTable gate(final String rows) throws IOException {
        return DataTable.read("gate.csv", new StringReader(HEADER + rows));
    }

    @Test
    void everyRowLandsInItsTableWithTheMachineNamed() throws IOException {
        final String markdown = GateReport.markdown(gate(
                "RangeReductionBench,modulo,n=1000,1.75955,2.79488,1.588,0.0000508552,1.12,pass,0.01,1,1.588," + MACHINE
                        + "\nSimulatorBench,-,scheme=sr,198.288,-,-,0.0001,0,reported,0.01,1,-," + MACHINE
                        + "\nProjectorBench,-,,269480,-,-,0,0,reported,0.01,1,-," + MACHINE + "\n"));
        assertTrue(markdown.startsWith("Measured by `./scalebench gate` on AMD EPYC, OpenJDK 64-Bit Server VM 17.0.15,"
                + " commit c45513703f13."), markdown);
        assertTrue(markdown.contains("| `RangeReductionBench` | `n=1000` | `modulo` | 1.76 | 2.79 | 1.59x | >= 1.12x |"),
                markdown);
        assertTrue(markdown.contains("| `SimulatorBench` | `scheme=sr` | 198 |"), markdown);
        assertTrue(markdown.contains("| `ProjectorBench` | - | 269480 |"), markdown);
    }

    @Test
    void aCsvWithoutTheGateColumnsIsRefusedNamingTheFile() throws IOException {
        final DataTable notAGate = DataTable.read("floors.csv", new StringReader("benchmark,reference\nA,b\n"));
        final DataFileException e = assertThrows(DataFileException.class, () -> GateReport.markdown(notAGate));
        assertTrue(e.getMessage().startsWith("floors.csv"), e.getMessage());
        assertThrows(DataFileException.class, () -> GateReport.markdown(gate("")));
    }

    @Test
    void theTextBetweenTheMarkersIsReplacedAndNothingElse() {
        final String doc = "# t\n\nbefore\n" + GateReport.BEGIN + "\nold table\n" + GateReport.END + "\nafter\n";
        assertEquals("# t\n\nbefore\n" + GateReport.BEGIN + "\nnew\n" + GateReport.END + "\nafter\n",
                GateReport.replaceBetweenMarkers(doc, "new\n", "doc.md"));
        assertEquals(doc, GateReport.replaceBetweenMarkers(
                GateReport.replaceBetweenMarkers(doc, "x\n", "doc.md"), "old table\n", "doc.md"));
        for (final String broken : new String[] {"no markers\n", GateReport.END + "\n" + GateReport.BEGIN + "\n",
            GateReport.BEGIN + "\n" + GateReport.END + "\n" + GateReport.BEGIN + "\n" + GateReport.END + "\n"}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> GateReport.replaceBetweenMarkers(broken, "x\n", "doc.md"));
            assertTrue(e.getMessage().startsWith("doc.md: must hold the line"), e.getMessage());
        }
    }
}

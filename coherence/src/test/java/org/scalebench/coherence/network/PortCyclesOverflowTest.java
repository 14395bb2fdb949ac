package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.SystemSpec;

/** A server port's occupancy is an int service time: a system whose data message needs more is refused. */
class PortCyclesOverflowTest {

    private static final SystemSpec WSC = SystemSpec.named("wsc1m");

    private static SystemSpec wsc(final String ghz) {
        // a 64-flit data message of 1 KiB flits (65,536 bytes) through a 1 MB/s rack interface
        return WSC.with(Map.of("clock_ghz", ghz, "rack_bandwidth_mbps", "1", "flit_bytes", "1024",
                "header_flits", "63"), "test");
    }

    @Test
    void anOccupancyAboveAnIntIsRefused() {
        // at 100 GHz: 65,536 bytes / 1e-5 bytes per cycle = 6,553,600,000 cycles, which (int) made -2,036,334,592
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wsc("100"));
        assertTrue(e.getMessage().contains("a data message of 64 flits of 1024 bytes occupies a server's port for "
                + "6553600000 cycles"), e.getMessage());
    }

    @Test
    void anOccupancyWithinAnIntIsKept() {
        // at 30 GHz: 1,966,080,000 cycles, below 2^31
        final Interconnect n = wsc("30").network();
        assertEquals(64, n.dataFlits());
        assertEquals(1_966_080_000L, n.interfaceCycles(n.dataFlits()));
    }
}

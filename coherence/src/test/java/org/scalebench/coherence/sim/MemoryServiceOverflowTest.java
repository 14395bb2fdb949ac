package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A memory channel's service time per line is an int: a bandwidth that needs more is refused, not saturated. */
class MemoryServiceOverflowTest {

    private static final SystemSpec WSC = SystemSpec.named("wsc1m");

    @Test
    void aLineTimeAboveAnIntIsRefused() {
        // 64 bytes at 1e-9 GB/s and 2.5 GHz: 1.6e11 cycles, which the cast saturated to 2147483647
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WSC.with(Map.of("memory_channel_gbps", "1e-9"), "test"));
        assertTrue(e.getMessage().contains("memory_channel_gbps = 1e-9 at clock_ghz = 2.5: a 64-byte line takes "
                + "160000000000 cycles"), e.getMessage());
    }

    @Test
    void aSlowChannelWithinAnIntIsKept() {
        // 64 bytes at 1e-7 GB/s and 2.5 GHz: 1.6e9 cycles
        assertEquals(1_600_000_000, WSC.with(Map.of("memory_channel_gbps", "1e-7"), "test").memoryConfig()
                .controllerServiceCycles());
        assertEquals(8, WSC.memoryConfig().controllerServiceCycles());
    }
}

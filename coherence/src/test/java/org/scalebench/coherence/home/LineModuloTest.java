package org.scalebench.coherence.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.Access;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;

class LineModuloTest {

    private static final long SEED = 0x11E5L;

    @Test
    void remainderEqualsUnsignedRemainderOnRandomAndEdgeValues() {
        final SplittableRandom random = new SplittableRandom(SEED);
        final int[] divisors = {1, 2, 3, 7, 64, 1000, 1024, 31_250, 65_535, 1 << 20, 999_983, Integer.MAX_VALUE};
        final long[] edges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32, (1L << 32) - 1, 62_499L << 26};
        for (final int d : divisors) {
            final LineModulo m = new LineModulo(d);
            for (final long x : edges) {
                assertEquals(Long.remainderUnsigned(x, d), m.remainder(x), "d=" + d + " x=" + x + " seed=" + SEED);
            }
            for (int i = 0; i < 40_000; i++) {
                final long x = random.nextLong();
                assertEquals(Long.remainderUnsigned(x, d), m.remainder(x), "d=" + d + " x=" + x + " seed=" + SEED);
            }
        }
        for (int i = 0; i < 40_000; i++) {
            final int d = 1 + random.nextInt(Integer.MAX_VALUE);
            final long x = random.nextLong();
            assertEquals(Long.remainderUnsigned(x, d), new LineModulo(d).remainder(x), "d=" + d + " x=" + x);
        }
    }

    @Test
    void rejectsANonPositiveDivisor() {
        assertThrows(IllegalArgumentException.class, () -> new LineModulo(0));
    }

    @Test
    void everyHomeOfWsc1mReceivesLinesUnderGlobalInterleaving() {
        // domains sit at group << 32: the bits above 32 must take part in the global interleave
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        final HomeMapping global = HomeMapping.parse("global", wsc.homes());
        final SyntheticWorkload workload = new SyntheticWorkload(wsc,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, wsc, 3));
        final Access access = new Access();
        final BitSet touched = new BitSet(wsc.homes());
        final int[] cores = workload.issuingCores();
        for (int done = 0; done < 1_000_000; done++) {
            workload.next(cores[done % cores.length], access);
            touched.set(global.globalHomeOfLine(access.address >>> 6));
        }
        assertEquals(wsc.homes(), touched.cardinality(), "homes that received a line");
    }
}

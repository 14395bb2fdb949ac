package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scalebench.coherence.sim.AccessBatch;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.testing.Allocations;

/**
 * The simulator's inner loop allocates nothing, for every scheme (hits, misses, broadcasts, map caches) and for
 * the superset and overflow formats (invalidations to coarse groups, broadcasts, Dir_i NB overflow).
 */
@Tag("allocation")
class MesiProtocolAllocationTest {

    @ParameterizedTest
    @ValueSource(strings = {"global", "sr", "hr", "sr+hr", "global:coarse-vector-4", "global:dir-b-4",
        "global:dir-nb-2"})
    void accessAllocatesNothing(final String schemeAndFormat) {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final String[] parts = schemeAndFormat.split(":");
        final Scheme scheme = Scheme.parse(parts[0]);
        final String format = parts.length > 1 ? parts[1] : null;
        final MesiProtocol p = new MesiProtocol(chip.protocolConfig(CoherenceSimulator.formatFor(chip, scheme, format),
                CoherenceSimulator.mappingFor(chip, scheme, null)));
        final SyntheticWorkload w = new SyntheticWorkload(chip,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, chip, 5));
        w.defineDomains(p.sharerDomains(), p.homeDomains());
        final int n = 1 << 18;
        final AccessBatch b = new AccessBatch(n);
        w.fill(b);
        final long bytes = Allocations.bytesAllocated(i -> {
            final int k = i & (n - 1);
            return p.access(b.core[k], b.write[k], b.address[k], b.sdid[k], b.hdid[k]);
        }, 400_000, 400_000);
        assertEquals(0L, bytes);
        assertEquals(true, p.stats().misses() > 1000 && p.stats().invalidations() > 100, "the loop exercised misses");
    }
}

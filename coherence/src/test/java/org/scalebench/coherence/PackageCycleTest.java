package org.scalebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.ClassFiles;
import org.scalebench.core.testing.PackageGraph;

/**
 * coherence's packages form no cycle (the check itself is shown to fail on a planted cycle in core's
 * {@code PackageGraphTest}).
 */
class PackageCycleTest {

    /**
     * The one use tolerated for now: {@code EnergyModel} reads {@code SystemSpec} and its parameter table, while
     * the simulator computes energy with {@code EnergyModel}. Once the energy model no longer takes the simulator's
     * system description this edge is gone, and the test then fails until the set is emptied.
     */
    private static final Set<PackageGraph.Edge> ALLOWED = Set.of(
            new PackageGraph.Edge("org.scalebench.coherence.energy", "org.scalebench.coherence.sim"));

    @Test
    void packagesFormNoCycle() throws IOException {
        final PackageGraph graph = PackageGraph.read(ClassFiles.classesOf(LineAddress.class));
        assertEquals("", String.join("\n", graph.cycles(ALLOWED)));
    }
}

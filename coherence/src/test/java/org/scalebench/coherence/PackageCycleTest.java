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

    @Test
    void packagesFormNoCycle() throws IOException {
        final PackageGraph graph = PackageGraph.read(ClassFiles.classesOf(LineAddress.class));
        assertEquals("", String.join("\n", graph.cycles(Set.of())));
    }
}

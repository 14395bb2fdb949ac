package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.BenchmarkClass;

/**
 * The suite keeps to the registry: every benchmark class is a registered kernel's, an absolute-time one or a
 * physical floor.
 */
class KernelRegistryTest {

    private static final BenchmarkCatalog CATALOG = BenchmarkCatalog.fromClassPath();

    @Test
    void everyBenchmarkClassIsRegisteredOnce() {
        final List<String> registered = new ArrayList<>(KernelRegistry.ABSOLUTE_TIME);
        registered.addAll(KernelRegistry.PHYSICAL_FLOORS);
        KernelRegistry.all().forEach(e -> registered.addAll(e.benchmarks()));
        assertEquals(registered.size(), new TreeSet<>(registered).size(), "registered twice: " + registered);
        final TreeSet<String> suite = new TreeSet<>();
        CATALOG.suite().forEach(c -> suite.add(c.simpleName()));
        assertEquals(suite, new TreeSet<>(registered), "the suite and the registry differ");
    }

    @Test
    void kernelBenchmarksFollowTheNamingContract() {
        for (final KernelRegistry.Entry e : KernelRegistry.all()) {
            assertEquals(e.name(), e.check().name(), "check of " + e.name());
            assertFalse(e.kernels().isEmpty() || e.references().isEmpty(), e.name());
            for (final String name : e.benchmarks()) {
                final BenchmarkClass bench = CATALOG.find(name).orElseThrow();
                assertTrue(name.startsWith(e.name()), name + " is named after its kernel " + e.name());
                assertTrue(bench.hasKernel(), name + " has a 'kernel' method");
                assertFalse(bench.references().isEmpty(), name + " measures at least one reference or peer");
            }
        }
    }

    @Test
    void absoluteTimeBenchmarksMeasureOnlyTheirKernel() {
        for (final String name : KernelRegistry.ABSOLUTE_TIME) {
            final BenchmarkClass bench = CATALOG.find(name).orElseThrow();
            assertEquals(List.of(BenchmarkClass.KERNEL), bench.methods(), name);
        }
    }

    @Test
    void physicalFloorsHaveNoKernelAndReadMemoryTwoWays() {
        for (final String name : KernelRegistry.PHYSICAL_FLOORS) {
            final BenchmarkClass bench = CATALOG.find(name).orElseThrow();
            assertFalse(bench.hasKernel(), name + " is a limit, not a kernel");
            assertEquals(List.of("dependent", "independent"), bench.methods(), name);
        }
    }

    @Test
    void checksFollowTheRegistry() {
        assertEquals(KernelRegistry.all().stream().map(KernelRegistry.Entry::name).toList(),
                KernelChecks.all().stream().map(KernelCheck::name).toList());
    }
}

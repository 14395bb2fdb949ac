package org.scalebench.bench.check;

import java.util.List;
import org.scalebench.bench.reference.BitSetDirectory;
import org.scalebench.bench.reference.BitSetRows;
import org.scalebench.bench.reference.DirectCollectiveFormulas;
import org.scalebench.bench.reference.DirectTopology;
import org.scalebench.bench.reference.DivisionReference;
import org.scalebench.bench.reference.ExactRangeReduction;
import org.scalebench.bench.reference.HashMapLineTable;
import org.scalebench.bench.reference.HashSetDirectory;
import org.scalebench.bench.reference.LinkedHashMapLru;
import org.scalebench.bench.reference.LinkedHashMapMapCaches;
import org.scalebench.bench.reference.LinkedHashMapSetAssoc;
import org.scalebench.bench.reference.ModuloHomeMapping;
import org.scalebench.bench.reference.ModuloReduction;
import org.scalebench.bench.reference.PlainHomeMapping;
import org.scalebench.bench.reference.RtlMapCaches;
import org.scalebench.bench.reference.TreePlruSetAssoc;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.core.FastDivisor;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.LineTable;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.RangeReduction;
import org.scalebench.core.SetAssocTags;
import org.scalebench.core.SharerRows;
import org.scalebench.core.SmallLruCache;
import org.scalebench.core.TorusTopology;
import org.scalebench.training.collective.RingAllReduce;

/**
 * The one list of scalebench's benchmarked kernels: for each, the classes it covers, its plain references, its
 * randomized differential check and its JMH benchmark classes. The check list of {@code reproduce}
 * ({@link KernelChecks}) is derived from it, and a test holds the suite to it: every benchmark class is either
 * here or among the {@link #ABSOLUTE_TIME} or {@link #PHYSICAL_FLOORS} ones, and every class named here exists. A newcomer finds a kernel's
 * reference, check and benchmarks here by name.
 */
public final class KernelRegistry {

    /**
     * One kernel. Immutable.
     *
     * @param name the kernel's name in reports
     * @param kernels the classes the kernel is
     * @param references its plain references (oracles of the check, baselines of the benchmarks)
     * @param check its differential check
     * @param benchmarks its JMH benchmark classes' simple names
     */
    public record Entry(String name, List<Class<?>> kernels, List<Class<?>> references, KernelCheck check,
            List<String> benchmarks) {
    }

    /** Benchmarks of whole programs built on the kernels: absolute times, no reference doing the same work. */
    public static final List<String> ABSOLUTE_TIME = List.of("SimulatorBench", "SimulateBench", "ProjectorBench",
            "LlmSearchBench");

    /**
     * Benchmarks of physical limits (random memory reads of a kernel's footprint): no kernel, the floor the gate
     * reports kernels' times over ({@code bench/perf-limits.csv}).
     */
    public static final List<String> PHYSICAL_FLOORS = List.of("MemoryFloorBench");

    private KernelRegistry() {
    }

    /**
     * Every kernel, in report order.
     *
     * @return the entries
     */
    public static List<Entry> all() {
        return List.of(
                new Entry("RangeReduction", List.of(RangeReduction.class),
                        List.of(ModuloReduction.class, ExactRangeReduction.class), new RangeReductionCheck(),
                        List.of("RangeReductionBench", "RangeReductionBatchBench")),
                new Entry("SharerRows", List.of(SharerRows.class), List.of(BitSetRows.class), new SharerRowsCheck(),
                        List.of("SharerRowsBench", "SharerRowsWideBench")),
                new Entry("LineTable", List.of(LineTable.class), List.of(HashMapLineTable.class), new LineTableCheck(),
                        List.of("LineTableBench", "LineTableBatchBench")),
                new Entry("FastDivisor", List.of(FastDivisor.class), List.of(DivisionReference.class),
                        new FastDivisorCheck(), List.of("FastDivisorBench", "FastDivisorBatchBench")),
                new Entry("SetAssocTags", List.of(SetAssocTags.class),
                        List.of(LinkedHashMapSetAssoc.class, TreePlruSetAssoc.class), new SetAssocTagsCheck(),
                        List.of("SetAssocTagsBench")),
                new Entry("SmallLruCache", List.of(SmallLruCache.class), List.of(LinkedHashMapLru.class),
                        new SmallLruCacheCheck(), List.of("SmallLruCacheBench")),
                new Entry("MapCacheBank", List.of(MapCacheBank.class),
                        List.of(LinkedHashMapMapCaches.class, RtlMapCaches.class), new MapCacheBankCheck(),
                        List.of("MapCacheBankBench")),
                new Entry("Topology", List.of(MeshTopology.class, TorusTopology.class, HierarchicalTopology.class),
                        List.of(DirectTopology.class), new TopologyCheck(), List.of("TopologyBench", "TopologyBatchBench")),
                new Entry("DirectoryFormat", List.of(DirectoryFormat.class),
                        List.of(BitSetDirectory.class, HashSetDirectory.class), new DirectoryFormatCheck(),
                        List.of("DirectoryFormatBench")),
                new Entry("HomeMapping", List.of(HomeMapping.class),
                        List.of(ModuloHomeMapping.class, PlainHomeMapping.class), new HomeMappingCheck(),
                        List.of("HomeMappingBench", "HomeMappingBatchBench")),
                new Entry("CollectiveCost", List.of(RingAllReduce.class), List.of(DirectCollectiveFormulas.class),
                        new CollectiveCostCheck(), List.of("CollectiveCostBench")));
    }
}

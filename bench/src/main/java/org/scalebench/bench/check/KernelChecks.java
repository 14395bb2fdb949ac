package org.scalebench.bench.check;

import java.util.List;

/** Every differential check, in report order. */
public final class KernelChecks {

    private KernelChecks() {
    }

    /**
     * All checks.
     *
     * @return the checks
     */
    public static List<KernelCheck> all() {
        return List.of(new RangeReductionCheck(), new SharerRowsCheck(), new LineTableCheck(), new FastDivisorCheck(),
                new SetAssocCheck(), new SmallCacheCheck(), new TopologyCheck(), new DirectoryFormatCheck(), new HomeMappingCheck(),
                new CollectiveCostCheck());
    }
}

package org.scalebench.bench.check;

import java.util.List;

/** Every differential check, in report order: one per kernel of the {@link KernelRegistry}. */
public final class KernelChecks {

    private KernelChecks() {
    }

    /**
     * All checks.
     *
     * @return the checks
     */
    public static List<KernelCheck> all() {
        return KernelRegistry.all().stream().map(KernelRegistry.Entry::check).toList();
    }
}

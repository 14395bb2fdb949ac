package org.scalebench.training.collective;

import org.scalebench.core.data.Named;

/**
 * The host CPU vendor, which NCCL's tuning model reads twice: the multi-node low-latency (LL) bandwidth cap comes
 * from the AMD row of {@code llMaxBws} on AMD hosts and from the first row otherwise, and the per-step network
 * overhead of a multi-node ring is 2 us on AMD hosts and 1 us otherwise ({@code getNetOverhead}); NVIDIA/nccl
 * {@code src/graph/tuning.cc} at 5067397 lines 228-233 and 268-272. NCCL 2.5.6 reads neither.
 */
public enum NcclCpuVendor implements Named {
    /** x86 Intel hosts (DGX-1, DGX-H100). */
    INTEL("intel"),
    /** x86 AMD hosts (DGX-A100). */
    AMD("amd"),
    /** Any other host (ARM, POWER): treated by NCCL as Intel is, in both places. */
    OTHER("other");

    private final String key;

    NcclCpuVendor(final String key) {
        this.key = key;
    }

    /**
     * The key used in data files.
     *
     * @return e.g. {@code amd}
     */
    @Override
    public String id() {
        return key;
    }

    /**
     * Parses a key.
     *
     * @param text {@code intel}, {@code amd} or {@code other}
     * @return the vendor
     * @throws IllegalArgumentException naming the value and the allowed keys
     */
    public static NcclCpuVendor parse(final String text) {
        return Named.parse(NcclCpuVendor.class, "host_cpu_vendor", text);
    }
}

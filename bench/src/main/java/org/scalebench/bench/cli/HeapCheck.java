package org.scalebench.bench.cli;

import java.util.Locale;

/** Refuses, before any work, a run whose estimated heap exceeds the JVM's maximum heap. */
final class HeapCheck {

    private HeapCheck() {
    }

    /**
     * Checks that {@code bytes} fit the JVM's maximum heap.
     *
     * @param bytes the estimate
     * @param what what needs it, e.g. "a run of wsc1m"
     * @throws UsageException naming the estimate, the heap and how to give the JVM more
     */
    static void fits(final long bytes, final String what) {
        check(bytes, Runtime.getRuntime().maxMemory(), what);
    }

    /**
     * Checks that {@code bytes} fit {@code maxHeap}.
     *
     * @param bytes the estimate
     * @param maxHeap the heap available
     * @param what what needs it
     * @throws UsageException when they do not
     */
    static void check(final long bytes, final long maxHeap, final String what) {
        if (bytes > maxHeap) {
            final double gib = 1L << 30;
            throw new UsageException(String.format(Locale.ROOT, "%s needs about %.1f GiB of heap and the JVM has "
                    + "%.1f GiB: set SCALEBENCH_JAVA_OPTS=-Xmx%dg if the machine has the memory, or simulate a "
                    + "smaller machine", what, bytes / gib, maxHeap / gib, (long) Math.ceil(bytes / gib) + 1));
        }
    }
}

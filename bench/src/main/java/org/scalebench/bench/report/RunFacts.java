package org.scalebench.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.openjdk.jmh.util.Version;

/**
 * The versions and machine a run used, as stated at the top of the report. Immutable.
 *
 * @param scalebench scalebench's version
 * @param commit the git commit scalebench was built from ({@link SourceRevision})
 * @param java the Java runtime version
 * @param jvm the JVM's name and vendor
 * @param jmh JMH's version
 * @param cpu the CPU model ({@code unknown} when the OS does not say)
 * @param cores processors available to the JVM
 * @param os operating system name, version and architecture
 * @param maxHeapBytes the JVM's maximum heap
 * @param started when the run started
 */
public record RunFacts(String scalebench, String commit, String java, String jvm, String jmh, String cpu, int cores, String os,
        long maxHeapBytes, Instant started) {

    /**
     * The facts of this JVM.
     *
     * @param scalebenchVersion scalebench's version
     * @param started when the run started
     * @return the facts
     */
    public static RunFacts ofThisJvm(final String scalebenchVersion, final Instant started) {
        return new RunFacts(scalebenchVersion, SourceRevision.current(), System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ")",
                Version.getPlainVersion(), cpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Runtime.getRuntime().maxMemory(), started);
    }

    /**
     * The CPU model of this machine.
     *
     * @return the model name from {@code /proc/cpuinfo}, or {@code unknown}
     */
    public static String cpuModel() {
        final Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return "unknown";
        }
        try (Stream<String> lines = Files.lines(cpuinfo, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse("unknown");
        } catch (final IOException | java.io.UncheckedIOException e) {
            return "unknown";
        }
    }
}

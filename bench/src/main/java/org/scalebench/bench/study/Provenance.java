package org.scalebench.bench.study;

import java.util.List;
import org.scalebench.bench.report.SourceRevision;

/**
 * The provenance every result row of a study carries beside the parameters of its point: the scalebench version,
 * the git commit (when known) and the JDK. Immutable.
 *
 * @param version scalebench's version
 * @param commit the git commit, or {@code unknown}
 * @param jdk the JDK's name and version
 */
public record Provenance(String version, String commit, String jdk) {

    /** The provenance columns, in the order rows carry them. */
    public static final List<String> COLUMNS = List.of("scalebench_version", "commit", "jdk");

    /**
     * This JVM's provenance.
     *
     * @param version scalebench's version
     * @return the provenance
     */
    public static Provenance current(final String version) {
        return new Provenance(version, SourceRevision.current(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    }

    /**
     * The values of {@link #COLUMNS}.
     *
     * @return version, commit, JDK
     */
    public List<String> values() {
        return List.of(version, commit, jdk);
    }
}

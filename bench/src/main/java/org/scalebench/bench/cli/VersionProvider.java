package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Prints scalebench's version (from the build) and the running JVM. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /**
     * scalebench's version as set by the build.
     *
     * @return the version, or {@code unknown} outside a built jar
     */
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/org/scalebench/bench/version.properties")) {
            if (in == null) {
                return "unknown";
            }
            final Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (final IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "scalebench " + version(),
            "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        };
    }
}

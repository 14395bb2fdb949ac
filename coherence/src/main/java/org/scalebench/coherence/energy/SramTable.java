package org.scalebench.coherence.energy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Read energy and leakage of an SRAM array as functions of its size, interpolated from a table of points
 * ({@code array_bytes,read_pj_per_64bit,leakage_mw,source}; the bundled {@code energy/cacti45-lop.csv}
 * comes from CACTI 7 at 45 nm). Between points both are interpolated linearly in log-log space; beyond
 * the ends the end segment's slope is extended.
 *
 * <p>Allocation: at construction only. Thread-safety: immutable.
 */
public final class SramTable {

    private final String name;
    private final double[] logBytes;
    private final double[] logReadPj;
    private final double[] logLeakWattsPerBit;
    private final String source;

    private SramTable(final String name, final double[] logBytes, final double[] logReadPj,
            final double[] logLeakWattsPerBit, final String source) {
        this.name = name;
        this.logBytes = logBytes;
        this.logReadPj = logReadPj;
        this.logLeakWattsPerBit = logLeakWattsPerBit;
        this.source = source;
    }

    /**
     * A bundled table by name.
     *
     * @param name e.g. {@code cacti45-lop}
     * @return the table
     */
    public static SramTable named(final String name) {
        final String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!n.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("SRAM table '" + name + "': must be a bundled name such as cacti45-lop");
        }
        final String resource = "/org/scalebench/coherence/energy/" + n + ".csv";
        try (InputStream in = SramTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("SRAM table '" + name + "': no such table (bundled: cacti45-lop)");
            }
            return parse(n, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (final IOException e) {
            throw new IllegalArgumentException(resource + ": " + e.getMessage(), e);
        }
    }

    static SramTable parse(final String name, final BufferedReader in) throws IOException {
        String text = in.readLine();
        if (text == null || !text.strip().startsWith("array_bytes,read_pj_per_64bit,leakage_mw,source")) {
            throw new IllegalArgumentException(name + ":1: the header must be 'array_bytes,read_pj_per_64bit,leakage_mw,source'");
        }
        final List<double[]> points = new ArrayList<>();
        String source = "";
        int line = 1;
        while ((text = in.readLine()) != null) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            final String[] f = text.split(",", 4);
            if (f.length < 4 || f[3].isBlank()) {
                throw new IllegalArgumentException(name + ":" + line + ": expected array_bytes,read_pj_per_64bit,"
                        + "leakage_mw,source with a source, got '" + text + "'");
            }
            final double bytes;
            final double read;
            final double leak;
            try {
                bytes = Double.parseDouble(f[0]);
                read = Double.parseDouble(f[1]);
                leak = Double.parseDouble(f[2]);
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(name + ":" + line + ": not a number in '" + text + "'");
            }
            if (!(bytes > 0 && read > 0 && leak > 0)) {
                throw new IllegalArgumentException(name + ":" + line + ": values must be positive: '" + text + "'");
            }
            if (!points.isEmpty() && bytes <= points.get(points.size() - 1)[0]) {
                throw new IllegalArgumentException(name + ":" + line + ": array sizes must increase");
            }
            points.add(new double[] {bytes, read, leak / 1000.0 / (bytes * 8)});
            source = f[3].strip();
        }
        if (points.size() < 2) {
            throw new IllegalArgumentException(name + ": at least two points are needed");
        }
        final int n = points.size();
        final double[] lb = new double[n];
        final double[] lr = new double[n];
        final double[] ll = new double[n];
        for (int i = 0; i < n; i++) {
            lb[i] = Math.log(points.get(i)[0]);
            lr[i] = Math.log(points.get(i)[1]);
            ll[i] = Math.log(points.get(i)[2]);
        }
        return new SramTable(name, lb, lr, ll, source);
    }

    /**
     * Energy of one 64-bit read from an array of {@code bytes}.
     *
     * @param bytes the array's size, greater than 0
     * @return picojoules
     */
    public double readPicojoules(final double bytes) {
        return Math.exp(interpolate(logReadPj, Math.log(bytes)));
    }

    /**
     * Leakage power per stored bit of an array of {@code bytes}.
     *
     * @param bytes the array's size, greater than 0
     * @return watts per bit
     */
    public double leakageWattsPerBit(final double bytes) {
        return Math.exp(interpolate(logLeakWattsPerBit, Math.log(bytes)));
    }

    private double interpolate(final double[] values, final double x) {
        int i = 1;
        while (i < logBytes.length - 1 && x > logBytes[i]) {
            i++;
        }
        final double t = (x - logBytes[i - 1]) / (logBytes[i] - logBytes[i - 1]);
        return values[i - 1] + t * (values[i] - values[i - 1]);
    }

    /** @return the table's name */
    public String name() {
        return name;
    }

    /** @return the source of its points */
    public String source() {
        return source;
    }
}

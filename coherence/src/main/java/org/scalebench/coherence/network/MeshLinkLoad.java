package org.scalebench.coherence.network;

import java.util.Arrays;
import org.scalebench.core.Checks;
import org.scalebench.core.MeshTopology;

/**
 * Link contention on an XY-routed mesh as queues, epoch by epoch: every directed link is a server of one flit per
 * cycle. Over an epoch of {@code T} cycles a link is offered the flits of the packets that cross it; it serves at
 * most {@code T} of them (with those left from earlier epochs), and what it cannot serve stays queued (a backlog, in
 * flits). For the next epoch each packet that crosses the link waits the backlog plus the Pollaczek-Khinchine mean
 * wait of an M/G/1 queue at the load it served, {@code W = (sum of squared lengths / T) / (2 (1 - rho))}. This is
 * the analytical link model of fast network simulators (Graphite's and PriME's link models take the same place); a
 * cycle-level router is out of scope. The random part is smoothed over epochs (each epoch weighs
 * {@link #SMOOTHING}) and computed at {@code rho} at most {@link #RHO_CAP}; the backlog is what keeps an overloaded
 * link within its capacity: its wait grows until the cores that load it slow down. A link's utilization (flits
 * served per cycle) therefore never exceeds 1.
 *
 * <p>Counting is O(1) per message whatever its length: an XY route is one row segment and one column segment, so
 * each message adds to the two ends of each segment in difference arrays, and the epoch's end sums them. Delays
 * are read in O(1) from prefix sums of the links' waits along rows and columns.
 *
 * <pre>
 *   east link (x, y) -&gt; (x + 1, y): east[y * (w + 1) + x]
 *   west link (x + 1, y) -&gt; (x, y): west[y * (w + 1) + x]
 *   south link (x, y) -&gt; (x, y + 1): south[x * (h + 1) + y]
 *   north link (x, y + 1) -&gt; (x, y): north[x * (h + 1) + y]
 * </pre>
 * (each row and column keeps one slot past its last link, where a segment ending at the mesh's edge ends its
 * difference run).
 *
 * <p>Allocation: arrays at construction. Thread-safety: none.
 */
public final class MeshLinkLoad implements LinkLoad {

    /** Weight of the latest epoch in the smoothed load. */
    public static final double SMOOTHING = 0.25;
    /** Highest utilization a link's delay is computed from. */
    public static final double RHO_CAP = 0.98;

    private static final int EAST = 0;
    private static final int WEST = 1;
    private static final int SOUTH = 2;
    private static final int NORTH = 3;

    private final MeshTopology mesh;
    private final int w;
    private final int h;
    /** Per direction, difference arrays of flits and squared flits, one row or column after another. */
    private final long[][] flits = new long[4][];
    private final long[][] squares = new long[4][];
    /** Smoothed flits per cycle and squared flits per cycle, per link. */
    private final double[][] rho = new double[4][];
    /** Flits offered but not yet served, per link. */
    private final double[][] backlog = new double[4][];
    private final double[][] second = new double[4][];
    /** Prefix sums of the links' waits along each row (east, west) and column (south, north). */
    private final double[][] prefix = new double[4][];
    /** Flits per link since the last reset, for the utilization. */
    private final long[][] carried = new long[4][];
    /** The target columns of a tree being carried. */
    private final TargetSpans columns;
    /** The source rows of an inward tree being carried. */
    private final TargetSpans rows;
    private boolean loaded;

    /**
     * Creates an idle mesh.
     *
     * @param mesh the mesh
     */
    public MeshLinkLoad(final MeshTopology mesh) {
        this.mesh = mesh;
        this.w = mesh.width();
        this.h = mesh.height();
        Checks.requireAtLeast("mesh tiles", (long) w * h, 1);
        for (int d = 0; d < 4; d++) {
            final int size = (d < 2 ? h * (w + 1) : w * (h + 1));
            flits[d] = new long[size];
            squares[d] = new long[size];
            rho[d] = new double[size];
            backlog[d] = new double[size];
            second[d] = new double[size];
            prefix[d] = new double[size];
            carried[d] = new long[size];
        }
        this.columns = new TargetSpans(w);
        this.rows = new TargetSpans(h);
    }

    @Override
    public long delay(final int from, final int to) {
        if (!loaded || from == to) {
            return 0;
        }
        final int x1 = mesh.x(from);
        final int y1 = mesh.y(from);
        final int x2 = mesh.x(to);
        final int y2 = mesh.y(to);
        double wait = 0;
        if (x2 > x1) {
            wait += prefix[EAST][y1 * (w + 1) + x2] - prefix[EAST][y1 * (w + 1) + x1];
        } else if (x2 < x1) {
            wait += prefix[WEST][y1 * (w + 1) + x1] - prefix[WEST][y1 * (w + 1) + x2];
        }
        if (y2 > y1) {
            wait += prefix[SOUTH][x2 * (h + 1) + y2] - prefix[SOUTH][x2 * (h + 1) + y1];
        } else if (y2 < y1) {
            wait += prefix[NORTH][x2 * (h + 1) + y1] - prefix[NORTH][x2 * (h + 1) + y2];
        }
        return (long) (wait + 0.5);
    }

    @Override
    public void carry(final int from, final int to, final int length) {
        if (from == to) {
            return;
        }
        final int x1 = mesh.x(from);
        final int y1 = mesh.y(from);
        final int x2 = mesh.x(to);
        final int y2 = mesh.y(to);
        row(y1, x1, x2, length);
        column(x2, y1, y2, length);
    }

    /** Links of row y between columns a and b (east when b &gt; a, west when b &lt; a). */
    private void row(final int y, final int a, final int b, final int length) {
        if (b > a) {
            add(EAST, y * (w + 1), a, b, length);
        } else if (b < a) {
            add(WEST, y * (w + 1), b, a, length);
        }
    }

    /** Links of column x between rows a and b (south when b &gt; a, north when b &lt; a). */
    private void column(final int x, final int a, final int b, final int length) {
        if (b > a) {
            add(SOUTH, x * (h + 1), a, b, length);
        } else if (b < a) {
            add(NORTH, x * (h + 1), b, a, length);
        }
    }

    /** Links {@code [lo, hi)} of one row or column: link k joins positions k and k + 1. */
    private void add(final int d, final int base, final int lo, final int hi, final int length) {
        flits[d][base + lo] += length;
        flits[d][base + hi] -= length;
        final long sq = (long) length * length;
        squares[d][base + lo] += sq;
        squares[d][base + hi] -= sq;
    }

    @Override
    public void carryTree(final int from, final int[] targets, final int count, final int length) {
        final int x0 = mesh.x(from);
        final int y0 = mesh.y(from);
        columns.addColumns(mesh, targets, count);
        row(y0, x0, Math.max(x0, columns.highestLine()), length);
        row(y0, x0, Math.min(x0, columns.lowestLine()), length);
        for (int k = 0; k < columns.lines(); k++) {
            final int x = columns.line(k);
            column(x, y0, Math.max(columns.high(x), y0), length);
            column(x, y0, Math.min(columns.low(x), y0), length);
        }
        columns.clear();
    }

    /**
     * {@inheritDoc} XY routes towards a root go along each source's row to the root's column, then along that
     * column: per source row the span to its farthest source on either side, then the root's column from its
     * farthest source row on either side.
     */
    @Override
    public void carryTreeInward(final int to, final int[] sources, final int count, final int length) {
        final int x0 = mesh.x(to);
        final int y0 = mesh.y(to);
        rows.addRows(mesh, sources, count);
        final int minY = Math.min(y0, rows.lowestLine());
        final int maxY = Math.max(y0, rows.highestLine());
        for (int k = 0; k < rows.lines(); k++) {
            final int y = rows.line(k);
            row(y, Math.max(rows.high(y), x0), x0, length);
            row(y, Math.min(rows.low(y), x0), x0, length);
        }
        rows.clear();
        column(x0, maxY, y0, length);
        column(x0, minY, y0, length);
    }

    @Override
    public void carryBroadcastInward(final int to, final int length) {
        final int x0 = mesh.x(to);
        final int y0 = mesh.y(to);
        for (int y = 0; y < h; y++) {
            row(y, w - 1, x0, length);
            row(y, 0, x0, length);
        }
        column(x0, h - 1, y0, length);
        column(x0, 0, y0, length);
    }

    @Override
    public void carryBroadcast(final int from, final int length) {
        final int x0 = mesh.x(from);
        final int y0 = mesh.y(from);
        row(y0, x0, w - 1, length);
        row(y0, x0, 0, length);
        for (int x = 0; x < w; x++) {
            column(x, y0, h - 1, length);
            column(x, y0, 0, length);
        }
    }

    @Override
    public void endEpoch(final long cycles) {
        if (cycles <= 0) {
            return;
        }
        for (int d = 0; d < 4; d++) {
            final int lines = d < 2 ? h : w;
            final int length = d < 2 ? w : h;
            final long[] f = flits[d];
            final long[] q = squares[d];
            final double[] r = rho[d];
            final double[] s = second[d];
            final double[] b = backlog[d];
            final double[] sum = prefix[d];
            final long[] c = carried[d];
            for (int line = 0; line < lines; line++) {
                final int base = line * (length + 1);
                long runF = 0;
                long runQ = 0;
                double wait = 0;
                for (int k = 0; k < length; k++) {
                    runF += f[base + k];
                    runQ += q[base + k];
                    final double offered = b[base + k] + runF;
                    final double served = Math.min(offered, cycles);
                    b[base + k] = offered - served;
                    c[base + k] += (long) served;
                    r[base + k] += SMOOTHING * (served / cycles - r[base + k]);
                    s[base + k] += SMOOTHING * ((double) runQ / cycles - s[base + k]);
                    sum[base + k] = wait;
                    final double load = Math.min(r[base + k], RHO_CAP);
                    wait += b[base + k] + s[base + k] / (2 * (1 - load));
                }
                sum[base + length] = wait;
                Arrays.fill(f, base, base + length + 1, 0);
                Arrays.fill(q, base, base + length + 1, 0);
            }
        }
        loaded = true;
    }

    @Override
    public double maxUtilization(final long elapsed) {
        long most = 0;
        for (int d = 0; d < 4; d++) {
            for (final long c : carried[d]) {
                most = Math.max(most, c);
            }
        }
        return elapsed <= 0 ? 0 : (double) most / elapsed;
    }

    @Override
    public void discardOffered() {
        for (int d = 0; d < 4; d++) {
            Arrays.fill(flits[d], 0);
            Arrays.fill(squares[d], 0);
        }
    }

    @Override
    public void resetCounters() {
        for (int d = 0; d < 4; d++) {
            Arrays.fill(carried[d], 0);
        }
    }
}

package org.scalebench.coherence.network;

import org.scalebench.core.Checks;
import org.scalebench.core.MeshTopology;

/**
 * A 2-D mesh with XY routing and PriME's uncontended latency model (Fu and Wentzlaff, ISPASS 2014;
 * {@code network.cpp Network::transmit}):
 *
 * <pre>
 *   latency = inject + hops * (router + link) + router + (flits - 1)
 * </pre>
 * i.e. the header pays every router and link, the rest of the packet streams behind it one flit per
 * cycle. A message to the sender's own node pays only the injection. Contention is not modelled.
 *
 * <p>Closed forms for broadcasts: from (x, y) the farthest node is {@code max(x, w-1-x) + max(y, h-1-y)}
 * hops away, and the hop sum to all nodes is {@code h * S(x, w) + w * S(y, h)} with
 * {@code S(a, n) = a(a+1)/2 + (n-1-a)(n-a)/2}.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable.
 */
public final class MeshInterconnect extends FramedInterconnect {

    private final MeshTopology mesh;
    private final int routerCycles;
    private final int linkCycles;
    private final int injectCycles;

    /**
     * Creates the mesh.
     *
     * @param mesh the topology
     * @param routerCycles cycles per router, at least 0
     * @param linkCycles cycles per link, at least 0
     * @param injectCycles cycles to inject a packet, at least 0
     * @param controlFlits flits of a control message, at least 1
     * @param flitBytes bytes per flit, at least 1
     */
    public MeshInterconnect(final MeshTopology mesh, final int routerCycles, final int linkCycles,
            final int injectCycles, final int controlFlits, final int flitBytes) {
        super(controlFlits, flitBytes);
        Checks.requireAtLeast("router cycles", routerCycles, 0);
        Checks.requireAtLeast("link cycles", linkCycles, 0);
        Checks.requireAtLeast("inject cycles", injectCycles, 0);
        this.mesh = mesh;
        this.routerCycles = routerCycles;
        this.linkCycles = linkCycles;
        this.injectCycles = injectCycles;
    }

    @Override
    public int nodes() {
        return mesh.tiles();
    }

    @Override
    public int hops(final int from, final int to) {
        return mesh.hops(from, to);
    }

    @Override
    public long latency(final int from, final int to, final int flits) {
        if (from == to) {
            return injectCycles;
        }
        return injectCycles + (long) mesh.hops(from, to) * (routerCycles + linkCycles) + routerCycles + flits - 1;
    }

    /** One flit per cycle leaves the port (PriME: a link carries one {@code data_width} flit per cycle). */
    @Override
    public long serializationCycles(final int from, final int to, final int flits) {
        return flits;
    }

    @Override
    public long broadcastInjectionCycles(final int from, final int flits) {
        return (long) (nodes() - 1) * flits;
    }

    @Override
    public long maxLatencyFrom(final int from, final int flits) {
        final int x = mesh.x(from);
        final int y = mesh.y(from);
        final int far = Math.max(x, mesh.width() - 1 - x) + Math.max(y, mesh.height() - 1 - y);
        return far == 0 ? injectCycles : injectCycles + (long) far * (routerCycles + linkCycles) + routerCycles + flits - 1;
    }

    @Override
    public long hopSumFrom(final int from) {
        final long w = mesh.width();
        final long h = mesh.height();
        return h * distanceSum(mesh.x(from), w) + w * distanceSum(mesh.y(from), h);
    }

    /** Sum over i in [0, n) of |a - i|. */
    static long distanceSum(final long a, final long n) {
        return a * (a + 1) / 2 + (n - 1 - a) * (n - a) / 2;
    }

    /**
     * The topology.
     *
     * @return the mesh
     */
    @Override
    public int interfaces() {
        return mesh.tiles();
    }

    @Override
    public int interfaceEnd(final int node) {
        return node + 1;
    }

    /** One node per interface (a tile's router port). */
    @Override
    public boolean latencyByInterface() {
        return true;
    }

    @Override
    public int interfaceOf(final int node) {
        return node;
    }

    @Override
    public int nodesOfInterface(final int node) {
        return 1;
    }

    @Override
    public long interfaceCycles(final int flits) {
        return flits;
    }

    /**
     * {@inheritDoc} An XY tree: the root's row from the westmost to the eastmost target column, then in each
     * target column the links from the root's row to its farthest target on either side.
     */
    @Override
    public TreeLinkCounter newTreeLinkCounter() {
        return new XyTree(mesh);
    }

    /** XY trees, in one pass over the targets: each target column's lowest and highest target row. */
    private static final class XyTree implements TreeLinkCounter {
        private final MeshTopology mesh;
        private final TargetSpans columns;

        XyTree(final MeshTopology mesh) {
            this.mesh = mesh;
            this.columns = new TargetSpans(mesh.width());
        }

        @Override
        public long links(final int from, final int[] targets, final int count) {
            final int x0 = mesh.x(from);
            final int y0 = mesh.y(from);
            columns.addColumns(mesh, targets, count);
            final long horizontal = Math.max(x0, columns.highestLine()) - Math.min(x0, columns.lowestLine());
            long vertical = 0;
            for (int k = 0; k < columns.lines(); k++) {
                final int x = columns.line(k);
                vertical += Math.max(0, y0 - columns.low(x)) + Math.max(0, columns.high(x) - y0);
            }
            columns.clear();
            return horizontal + vertical;
        }
    }

    @Override
    public long broadcastTreeLinks(final int from) {
        return (long) mesh.width() * mesh.height() - 1;
    }

    @Override
    public LinkLoad newLinkLoad() {
        return new MeshLinkLoad(mesh);
    }

    public MeshTopology mesh() {
        return mesh;
    }

    @Override
    public String describe() {
        return mesh.width() + "x" + mesh.height() + " mesh, XY routing, router " + routerCycles + " + link "
                + linkCycles + " cycles/hop, inject " + injectCycles + ", " + flitBytes() + "-byte flits";
    }
}

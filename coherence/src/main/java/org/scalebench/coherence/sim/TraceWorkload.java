package org.scalebench.coherence.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.core.Bits;
import org.scalebench.core.LineTable;

/**
 * A recorded access stream ({@code trace:FILE}), read twice: a first pass finds the domains, the second
 * feeds the simulator.
 *
 * <ul>
 *   <li>With a domain column, domain d's sharers are the cores that access its pages, in order of first
 *       access (the first 63; later ones are public sharers); its homes are the home slices under them.</li>
 *   <li>Without one, domains are VMs of {@code vmSize} compact cores and a page belongs to the VM of the
 *       first core that touches it (first-touch placement).</li>
 * </ul>
 * Every record must name a core of the machine; a trace mixing rows with and without a domain is rejected.
 * Pages are 4 KiB.
 */
public final class TraceWorkload implements Workload {

    private static final int BLOCK = 4096;

    private final String name;
    private final SystemSpec system;
    private final TraceSource.Opener opener;
    private final int vmSize;
    private final boolean explicit;
    private final long length;
    private final List<int[]> explicitMembers = new ArrayList<>();
    private final LineTable pageDomain;
    private final int[] vmOfCore;
    private final int[] bufCore = new int[BLOCK];
    private final boolean[] bufWrite = new boolean[BLOCK];
    private final long[] bufAddress = new long[BLOCK];
    private final int[] bufDomain = new int[BLOCK];
    private final int[] issuing;
    /** Records read ahead, waiting for their core: a pool of linked records, one FIFO list per core. */
    private boolean[] recordWrite = new boolean[BLOCK];
    private long[] recordAddress = new long[BLOCK];
    private int[] recordDomain = new int[BLOCK];
    private int[] recordNext = new int[BLOCK];
    private int freeRecord;
    private final int[] head;
    private final int[] tail;
    private TraceSource stream;
    private boolean exhausted;

    /**
     * Reads the trace's domains (first pass).
     *
     * @param name the workload name, e.g. {@code trace:run.csv}
     * @param system the machine
     * @param opener opens the trace
     * @param vmSize cores per VM when the trace names no domains
     * @throws IOException if the trace cannot be read
     */
    public TraceWorkload(final String name, final SystemSpec system, final TraceSource.Opener opener, final int vmSize)
            throws IOException {
        this.name = name;
        this.system = system;
        this.opener = opener;
        this.vmSize = vmSize;
        final int cores = system.cores();
        if (vmSize < 1 || cores % vmSize != 0) {
            throw new IllegalArgumentException("VM size = " + vmSize + ": must divide the " + cores + " cores");
        }
        this.vmOfCore = new int[cores];
        for (int g = 0, groups = Placement.compactGroups(system, vmSize); g < groups; g++) {
            for (final int c : Placement.compactGroup(system, g, vmSize)) {
                vmOfCore[c] = g;
            }
        }
        this.pageDomain = new LineTable(1024, -1);
        long records = 0;
        final boolean[] seen = new boolean[cores];
        int mode = 0; // 0 unknown, 1 explicit, 2 implicit
        final List<int[]> members = new ArrayList<>();
        final List<Integer> sizes = new ArrayList<>();
        try (TraceSource in = opener.open()) {
            int n;
            while ((n = in.read(bufCore, bufWrite, bufAddress, bufDomain, BLOCK)) > 0) {
                for (int i = 0; i < n; i++) {
                    records++;
                    final int core = bufCore[i];
                    if (core < 0 || core >= cores) {
                        throw new IllegalArgumentException(in.position(i) + ": core = " + core
                                + ": must be in [0, " + cores + ") on " + system.name());
                    }
                    seen[core] = true;
                    final int d = bufDomain[i];
                    final int recordMode = d == TraceSource.NO_DOMAIN ? 2 : 1;
                    if (mode != 0 && mode != recordMode) {
                        throw new IllegalArgumentException(in.position(i)
                                + ": some records name a domain and others do not");
                    }
                    mode = recordMode;
                    if (recordMode == 2) {
                        final long page = bufAddress[i] >>> LineAddress.PAGE_SHIFT;
                        if (pageDomain.get(page) < 0) {
                            pageDomain.put(page, vmOfCore[core]);
                        }
                        continue;
                    }
                    if (d < 0 || d >= Math.min(system.sharerDomains(), system.homeDomains())) {
                        throw new IllegalArgumentException(in.position(i) + ": domain = " + d
                                + ": must be in [0, " + Math.min(system.sharerDomains(), system.homeDomains())
                                + ") on " + system.name());
                    }
                    while (members.size() <= d) {
                        members.add(new int[SharerDomains.MAX_MEMBERS]);
                        sizes.add(0);
                    }
                    final int[] m = members.get(d);
                    final int size = sizes.get(d);
                    boolean known = false;
                    for (int k = 0; k < size; k++) {
                        known |= m[k] == core;
                    }
                    if (!known && size < SharerDomains.MAX_MEMBERS) {
                        m[size] = core;
                        sizes.set(d, size + 1);
                    }
                }
            }
        }
        if (records == 0) {
            throw new IllegalArgumentException(name + ": the trace has no records");
        }
        this.explicit = mode == 1;
        for (int d = 0; d < members.size(); d++) {
            explicitMembers.add(Arrays.copyOf(members.get(d), sizes.get(d)));
        }
        this.length = records;
        int n = 0;
        for (final boolean s : seen) {
            n += s ? 1 : 0;
        }
        this.issuing = new int[n];
        n = 0;
        for (int c = 0; c < cores; c++) {
            if (seen[c]) {
                issuing[n++] = c;
            }
        }
        this.head = new int[cores];
        this.tail = new int[cores];
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
        linkFree(0, BLOCK);
    }

    private static final int NIL = -1;

    private void linkFree(final int from, final int to) {
        for (int k = from; k < to; k++) {
            recordNext[k] = k + 1 < to ? k + 1 : NIL;
        }
        freeRecord = from < to ? from : NIL;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long length() {
        return length;
    }

    /**
     * Whether the trace names its domains (a domain column): then the VM size is not used.
     *
     * @return true when every record names a domain
     */
    public boolean namesDomains() {
        return explicit;
    }

    @Override
    public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
        if (explicit) {
            for (int d = 0; d < explicitMembers.size(); d++) {
                final int[] m = explicitMembers.get(d);
                if (m.length > 0) {
                    sharers.define(d, m);
                    homes.define(d, Placement.homesOf(system, m));
                }
            }
            return;
        }
        for (int g = 0, groups = Placement.compactGroups(system, vmSize); g < groups; g++) {
            final int[] m = Placement.compactGroup(system, g, vmSize);
            sharers.define(g, m.length <= SharerDomains.MAX_MEMBERS ? m : Arrays.copyOf(m, SharerDomains.MAX_MEMBERS));
            sharers.makePrimary(g);
            homes.define(g, Placement.homesOf(system, m));
        }
    }

    @Override
    public int[] issuingCores() {
        return issuing.clone();
    }

    /**
     * {@inheritDoc} The trace is read ahead until this core's next record appears; records of other cores met on
     * the way wait in their cores' lists (so a core far behind the others costs memory, as many records as the
     * others run ahead of it).
     */
    @Override
    public boolean next(final int core, final Access out) {
        while (head[core] == NIL) {
            if (!readAhead()) {
                return false;
            }
        }
        final int r = head[core];
        head[core] = recordNext[r];
        if (head[core] == NIL) {
            tail[core] = NIL;
        }
        final int d = recordDomain[r];
        out.set(recordWrite[r], recordAddress[r], d, d);
        recordNext[r] = freeRecord;
        freeRecord = r;
        return true;
    }

    /** Reads the next block of the trace into the cores' lists; false at the end of the trace. */
    private boolean readAhead() {
        if (exhausted) {
            return false;
        }
        try {
            if (stream == null) {
                stream = opener.open();
            }
            final int n = stream.read(bufCore, bufWrite, bufAddress, bufDomain, BLOCK);
            if (n == 0) {
                exhausted = true;
                stream.close();
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (freeRecord == NIL) {
                    grow();
                }
                final int r = freeRecord;
                freeRecord = recordNext[r];
                recordWrite[r] = bufWrite[i];
                recordAddress[r] = bufAddress[i];
                recordDomain[r] = explicit ? bufDomain[i] : pageDomain.get(bufAddress[i] >>> LineAddress.PAGE_SHIFT);
                recordNext[r] = NIL;
                final int c = bufCore[i];
                if (tail[c] == NIL) {
                    head[c] = r;
                } else {
                    recordNext[tail[c]] = r;
                }
                tail[c] = r;
            }
            return true;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void grow() {
        final int old = recordNext.length;
        final int length = grownRecords(old, name);
        recordWrite = Arrays.copyOf(recordWrite, length);
        recordAddress = Arrays.copyOf(recordAddress, length);
        recordDomain = Arrays.copyOf(recordDomain, length);
        recordNext = Arrays.copyOf(recordNext, length);
        linkFree(old, length);
    }

    /**
     * The record pool's length after {@code records}, all in use: doubled in long arithmetic, capped at the
     * largest array (an int doubling past 2^30 went negative).
     *
     * @throws IllegalArgumentException naming the workload, the records and the limit when the pool is at it
     */
    static int grownRecords(final int records, final String name) {
        return Bits.grownLength(records, records + 1L, name + ": records read ahead of their cores");
    }
}

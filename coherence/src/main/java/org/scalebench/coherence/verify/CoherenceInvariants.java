package org.scalebench.coherence.verify;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * The coherence invariants of a {@link MesiProtocol}, checked from outside through its read-only views,
 * so a check changes nothing (no replacement state, no map-cache recency, no counter). For a line and its
 * home slice:
 *
 * <ol>
 *   <li>single writer or many readers: at most one E/M copy, and never beside S copies;</li>
 *   <li>the entry's holder list (the simulator's ground truth) links exactly the cores that hold a copy;</li>
 *   <li>the directory covers every copy: a copy has an entry at the line's home (and no other home tracks
 *       the line); an E/M copy is the entry's owner and an owner holds an E/M copy; every S copy is among
 *       the format's covered cores unless the entry broadcasts, and an exact entry covers no other core;</li>
 *   <li>data: every valid copy holds the latest value stored to the line, and so does the home unless a
 *       dirty (M) copy exists ({@link DataShadow});</li>
 * </ol>
 * and for the map caches: no tag twice in one cache, and every cached row is a defined row of its table.
 *
 * <p>Allocation: small scratch arrays at construction; messages allocate. Thread-safety: none.
 */
public final class CoherenceInvariants {

    private final MesiProtocol protocol;
    private final DataShadow data;
    private final DirectoryFormat format;
    private final int cores;
    private final int homes;
    private final int[] covered;
    private final int[] holders;
    private final int[] tags;

    /**
     * Prepares the checks of a machine.
     *
     * @param protocol the machine
     * @param data its data shadow (the protocol's observer), or null to skip the data invariant
     */
    public CoherenceInvariants(final MesiProtocol protocol, final DataShadow data) {
        this.protocol = protocol;
        this.data = data;
        this.format = protocol.format();
        this.cores = protocol.config().cores();
        this.homes = protocol.config().homes();
        this.covered = new int[Math.max(format.maxTargets(), 1)];
        this.holders = new int[cores];
        this.tags = new int[protocol.config().mapCacheEntries()];
    }

    /**
     * The home slice of a line for a page of home domain {@code hdid}, computed from the mapping and the
     * Home Map Table without touching any cache.
     *
     * @param protocol the machine
     * @param address the byte address
     * @param hdid the page's home domain
     * @return the home slice
     */
    public static int homeSlice(final MesiProtocol protocol, final long address, final int hdid) {
        final HomeMapping mapping = protocol.config().homeMapping();
        if (mapping.firstTouch()) {
            return Math.max(0, protocol.firstTouchHomeOf(LineAddress.lineOf(address)));
        }
        if (!mapping.restricted()) {
            return mapping.globalHomeOfLine(LineAddress.lineOf(address));
        }
        final HomeDomains domains = protocol.homeDomains();
        return domains.home(hdid, mapping.logicalHomeOfAddress(address, domains.size(hdid)));
    }

    /**
     * Checks one line, cached or not.
     *
     * @param line the line index (address / 64)
     * @param home the line's home slice
     * @return null when every invariant holds, else what is wrong
     */
    public String checkLine(final long line, final int home) {
        int writer = -1;
        int writers = 0;
        int readers = 0;
        boolean dirty = false;
        for (int core = 0; core < cores; core++) {
            final byte s = protocol.copyState(core, line);
            if (s == MesiProtocol.INVALID) {
                continue;
            }
            if (s == MesiProtocol.SHARED) {
                readers++;
            } else {
                writers++;
                writer = core;
                dirty |= s == MesiProtocol.MODIFIED;
            }
        }
        if (writers > 1 || (writers == 1 && readers > 0)) {
            return "single writer / many readers violated: " + writers + " E/M and " + readers + " S copies";
        }
        final String stale = checkData(line, dirty);
        if (stale != null) {
            return stale;
        }
        for (int h = 0; h < homes; h++) {
            if (h != home && protocol.directoryEntry(h, line) >= 0) {
                return "home " + h + " tracks the line, whose home is " + home;
            }
        }
        final int entry = protocol.directoryEntry(home, line);
        final int copies = writers + readers;
        if (entry < 0) {
            return copies == 0 ? null : copies + " cached copies but no directory entry at home " + home;
        }
        final int listed = protocol.holders(entry, holders);
        for (int i = 0; i < listed; i++) {
            if (protocol.copyState(holders[i], line) == MesiProtocol.INVALID) {
                return "the holder list links core " + holders[i] + ", which holds no copy";
            }
        }
        if (listed != copies) {
            return "the holder list links " + listed + " copies, the caches hold " + copies;
        }
        final int owner = format.owner(entry);
        if (writers == 1) {
            return owner == writer ? null
                    : "core " + writer + " holds the exclusive copy but the directory's owner is " + owner;
        }
        if (owner != DirectoryFormat.NONE) {
            return "the directory names owner " + owner + ", which holds no exclusive copy";
        }
        if (format.isBroadcast(entry)) {
            return null;
        }
        final int n = format.coveredCores(entry, covered);
        for (int core = 0; core < cores; core++) {
            if (protocol.copyState(core, line) != MesiProtocol.INVALID && !contains(covered, n, core)) {
                return "core " + core + " holds a copy the directory does not cover (" + format.describe(entry) + ")";
            }
        }
        if (format.isExact(entry)) {
            for (int i = 0; i < n; i++) {
                if (protocol.copyState(covered[i], line) == MesiProtocol.INVALID) {
                    return "the exact entry " + format.describe(entry) + " names core " + covered[i]
                            + ", which holds no copy";
                }
            }
        }
        return null;
    }

    private String checkData(final long line, final boolean dirty) {
        if (data == null) {
            return null;
        }
        final int latest = data.latest(line);
        for (int core = 0; core < cores; core++) {
            if (protocol.copyState(core, line) != MesiProtocol.INVALID && data.copyValue(core, line) != latest) {
                return "core " + core + "'s copy holds value " + data.copyValue(core, line) + ", the latest store wrote "
                        + latest;
            }
        }
        if (!dirty && data.homeValue(line) != latest) {
            return "no dirty copy exists but the home holds value " + data.homeValue(line) + ", the latest store wrote "
                    + latest;
        }
        return null;
    }

    /**
     * Checks every Sharer Map Cache and Home Map Cache against its table.
     *
     * @return null when consistent, else what is wrong
     */
    public String checkMapCaches() {
        final SharerDomains sharers = protocol.sharerDomains();
        final MapCacheBank smc = protocol.sharerMapCaches();
        for (int h = 0; h < smc.caches(); h++) {
            final String problem = checkCache("Sharer Map Cache of home " + h, smc, h, sharers.domains(), sharers::size);
            if (problem != null) {
                return problem;
            }
        }
        final HomeDomains homeDomains = protocol.homeDomains();
        final MapCacheBank hmc = protocol.homeMapCaches();
        for (int c = 0; c < hmc.caches(); c++) {
            final String problem = checkCache("Home Map Cache of core " + c, hmc, c, homeDomains.domains(),
                    homeDomains::size);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String checkCache(final String name, final MapCacheBank bank, final int cache, final int domains,
            final java.util.function.IntUnaryOperator sizeOf) {
        final int n = bank.tagsByRecency(cache, tags);
        for (int i = 0; i < n; i++) {
            final int domain = tags[i] >>> 4;
            final int row = tags[i] & 15;
            if (domain >= domains || row > (sizeOf.applyAsInt(domain) - 1) >> 2) {
                return name + " caches row " + row + " of domain " + domain + ", which its table does not define";
            }
            for (int j = 0; j < i; j++) {
                if (tags[j] == tags[i]) {
                    return name + " caches row " + row + " of domain " + domain + " twice";
                }
            }
        }
        return null;
    }

    private static boolean contains(final int[] values, final int n, final int value) {
        for (int i = 0; i < n; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }
}

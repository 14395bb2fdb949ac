package org.scalebench.coherence.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeBitSelect;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.DataObserver;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolConfig;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.Bits;
import org.scalebench.core.data.TextLimits;

/**
 * Explores every reachable state of a small machine. The protocol is atomic per transaction, so a machine
 * of a few cores and lines has a finite state space; a breadth-first search applies every transition
 * (core, load or store, line, sharer-domain id presented) to every state found, hashes the resulting state
 * and checks after every transition: the load's value, the {@link LatencyOracle}'s prediction, and every
 * {@link CoherenceInvariants} invariant of every line (cached or not) and every map cache. The first
 * violation found is at the end of a shortest trace from the empty machine.
 *
 * <h2>The machine</h2>
 * {@code cores} tiles in a row (a {@code cores x 1} mesh with chip1024's timing), one home slice per tile
 * ({@link Shape}). Each private cache is one set of {@code privateWays} ways: with one way the lines compete
 * (PutS, PutE, PutM), with as many ways as lines a core holds every line at once. Each home's directory has
 * {@code directoryWays} ways per set, and the first two lines are chosen to share a set at one home: with
 * one way they evict each other's entry (and so every copy of the other line). Map caches of
 * {@code mapCacheEntries} entries. Sharer domains are given ({@code 0,1/1,2}: two
 * domains sharing core 1, each with an outsider); line i belongs to sharer domain i mod D, and every core
 * may also present another domain's id for it. One home domain holds every home slice (three homes: the
 * Piton encoder folds). Line addresses are chosen so that the first two lines share a home slice (a
 * directory conflict) and, under {@code piton-*}, the first one's home bits fold.
 *
 * <h2>The state key</h2>
 * Every copy's MESI state, every home's directory entry (its line and {@link DirectoryFormat#describe}),
 * whether each home's data is current, and each map cache's tags in recency order. With one way per set,
 * or as many ways as lines, the replacement order of caches and directories cannot matter; counters and
 * timing are not state.
 *
 * <p>Each state is rebuilt by replaying its shortest trace on a fresh machine, so the protocol needs no
 * copy operation. The search stops at once when it reaches its state limit or when the states it holds would
 * exceed its memory limit, and reports its progress as it goes. Allocation: per state. Thread-safety: none.
 */
public final class ExhaustiveChecker {

    /** Most sharer domains a checker machine defines. */
    public static final int MAX_DOMAINS = 8;

    /**
     * What the search found.
     *
     * @param states distinct states reached (the empty machine included)
     * @param transitions transitions applied
     * @param violations transitions after which a check failed
     * @param complete false when a limit stopped the search
     * @param violation the first violation, empty when none
     * @param trace the shortest trace to it, one line per step (empty when none)
     * @param depth transitions on the longest shortest path to a state
     * @param stopped why the search stopped early ({@code state limit reached} or the memory limit), empty when
     *     complete
     */
    public record Result(long states, long transitions, long violations, boolean complete, String violation,
            List<String> trace, int depth, String stopped) {
        /** @return {@code explored N states, T transitions, V violations} */
        public String summary() {
            return "explored " + states + " states, " + transitions + " transitions, " + violations + " violations"
                    + (complete ? "" : " (incomplete: " + stopped + ")");
        }
    }

    /** Told how far a search has got; called every {@value #PROGRESS_EVERY} transitions and at each new depth. */
    @FunctionalInterface
    public interface Progress {
        /** Progress that shows nothing. */
        Progress NONE = (expanded, found, depth) -> { };

        /**
         * Reports the search's extent.
         *
         * @param expanded states whose every transition was tried
         * @param found distinct states found so far
         * @param depth the depth of the states being expanded
         */
        void explored(long expanded, long found, int depth);
    }

    /** How often (in transitions) a search reports progress. */
    public static final int PROGRESS_EVERY = 256;

    /**
     * What one state held by the search costs beyond its key's characters: the hash map's entry and boxed index,
     * the key's {@code String} and array headers, the path entry (an {@code int[3]} and its list slot). A
     * conservative figure for a 64-bit JVM with compressed pointers.
     */
    public static final long STATE_OVERHEAD_BYTES = 128;

    /**
     * The size of a checker's machine.
     *
     * @param cores cores (and home slices), in [2, 16]
     * @param lines lines, in [1, 4]
     * @param privateWays lines each private cache holds (one set): 1 (lines compete) or at least {@code lines}
     *     (nothing is evicted); in between, the replacement order would be state the key does not hold
     * @param directoryWays entries per set of each home's directory, 1 or at least {@code lines}; the
     *     directory has {@code privateWays / directoryWays} sets (at least one), and the lines are chosen to
     *     share one of them
     * @param mapCacheEntries entries per Sharer and Home Map Cache, in [1, 64]
     */
    public record Shape(int cores, int lines, int privateWays, int directoryWays, int mapCacheEntries) {

        /** Validates the sizes. */
        public Shape {
            if (cores < 2 || cores > 16) {
                throw new IllegalArgumentException("cores = " + cores + ": must be in [2, 16]");
            }
            if (lines < 1 || lines > 4) {
                throw new IllegalArgumentException("lines = " + lines + ": must be in [1, 4]");
            }
            checkWays("private ways", privateWays, lines);
            checkWays("directory ways", directoryWays, lines);
            if (mapCacheEntries < 1 || mapCacheEntries > 64) {
                throw new IllegalArgumentException("map cache entries = " + mapCacheEntries + ": must be in [1, 64]");
            }
        }

        /**
         * The default shape of {@code cores} cores and {@code lines} lines: the lines compete for each core's
         * one-line private cache (PutS, PutE and PutM reach the format), every home's directory holds every
         * line, one-entry map caches.
         *
         * @param cores cores
         * @param lines lines
         * @return the shape
         */
        public static Shape of(final int cores, final int lines) {
            return new Shape(cores, lines, 1, Integer.highestOneBit(Math.max(1, lines) * 2 - 1), 1);
        }

        private static void checkWays(final String name, final int ways, final int lines) {
            if (ways != 1 && (ways < lines || ways > 64 || Integer.bitCount(ways) != 1)) {
                throw new IllegalArgumentException(name + " = " + ways + ": must be 1 or a power of two in [lines = "
                        + lines + ", 64] (in between, the replacement order would be state the search does not key on)");
            }
        }
    }

    private final SystemSpec machine;
    private final FormatSpec format;
    private final HomeMapping mapping;
    private final int cores;
    private final int[][] domains;
    private final long[] addresses;
    private final DirectoryFormatFactory formats;
    private final ProtocolConfig reference;

    /**
     * Prepares a search.
     *
     * @param base the machine whose timing is kept (a mesh)
     * @param format the directory format
     * @param homes the home mapping name
     * @param shape the machine's size
     * @param domains sharer domains: each a list of distinct cores, 1 to {@link #MAX_DOMAINS} domains
     */
    public ExhaustiveChecker(final SystemSpec base, final FormatSpec format, final String homes, final Shape shape,
            final int[][] domains) {
        this(base, format, homes, shape, domains, DirectoryFormats::create);
    }

    ExhaustiveChecker(final SystemSpec base, final FormatSpec format, final String homes, final Shape shape,
            final int[][] domains, final DirectoryFormatFactory formats) {
        final int cores = shape.cores();
        if (domains.length < 1 || domains.length > MAX_DOMAINS) {
            throw new IllegalArgumentException("domains = " + domains.length + ": must be in [1, " + MAX_DOMAINS + "]");
        }
        for (final int[] members : domains) {
            for (final int core : members) {
                if (core < 0 || core >= cores) {
                    throw new IllegalArgumentException("domain member " + core + ": must be a core in [0, " + cores + ")");
                }
            }
        }
        final Map<String, String> tiny = new LinkedHashMap<>();
        tiny.put("topology", "mesh");
        tiny.put("cores", Integer.toString(cores));
        tiny.put("mesh_width", Integer.toString(cores));
        tiny.put("mesh_height", "1");
        tiny.put("homes_per_node", "1");
        tiny.put("private_lines", Integer.toString(shape.privateWays()));
        tiny.put("private_ways", Integer.toString(shape.privateWays()));
        tiny.put("directory_coverage", "1");
        tiny.put("directory_ways", Integer.toString(shape.directoryWays()));
        tiny.put("map_cache_entries", Integer.toString(shape.mapCacheEntries()));
        tiny.put("sharer_domains", Integer.toString(domains.length));
        tiny.put("home_domains", "1");
        // memory behind the homes stays on (lines start in DRAM), without queues: the explored state is the
        // protocol's, and a wait would depend on the order the search happens to take
        tiny.put("memory_controllers", "2");
        tiny.put("contention", "off");
        this.machine = base.withParameters(tiny, "check", "exhaustive checker's machine");
        this.format = format;
        this.mapping = HomeMapping.parse(homes, cores);
        this.cores = cores;
        this.domains = domains.clone();
        this.formats = formats;
        this.reference = machine.protocolConfig(format, mapping);
        this.addresses = chooseAddresses(mapping, cores, shape.lines(), this::conflict);
    }

    /** Whether two lines compete for one directory set: tried on a fresh machine (the protocol decides). */
    private boolean conflict(final long first, final long second) {
        final MesiProtocol trial = new MesiProtocol(reference, DirectoryFormats::create, DataObserver.NONE);
        final int[] homes = new int[cores];
        Arrays.setAll(homes, h -> h);
        trial.homeDomains().define(0, homes);
        trial.sharerDomains().define(0, new int[] {0});
        for (int i = 0; i < reference.directoryWays(); i++) {
            trial.access(1 + (i % (cores - 1)), false, first, 0, 0);
            trial.access(0, false, second, 0, 0);
        }
        return trial.stats().directoryEvictions() > 0;
    }

    /**
     * Line addresses that make the machine interesting: the first two share a home slice and, if possible, a
     * directory set, and under a {@code piton-*} mapping the first one's home bits fold (when the home
     * domain's size is not a power of two).
     *
     * @param mapping the home mapping
     * @param homes home slices (all in one home domain)
     * @param lines how many
     * @param conflict whether two line addresses compete for a directory set
     * @return byte addresses
     */
    static long[] chooseAddresses(final HomeMapping mapping, final int homes, final int lines,
            final java.util.function.BiPredicate<Long, Long> conflict) {
        final List<Long> candidates = new ArrayList<>();
        if (mapping.kind() == HomeMapping.Kind.PITON) {
            final HomeBitSelect select = HomeBitSelect.parse(mapping.id().substring("piton-".length()));
            final int shift = select.lowestBit();
            final int k = Bits.ceilLog2(homes);
            for (int pattern = homes; pattern < (1 << k); pattern++) {
                candidates.add((long) pattern << shift); // folded patterns first
            }
            for (int pattern = 0; pattern < 64; pattern++) {
                if (!candidates.contains((long) pattern << shift)) {
                    candidates.add((long) pattern << shift);
                }
            }
        } else {
            for (int line = 0; line < 256; line++) {
                candidates.add(LineAddress.addressOf(line));
            }
        }
        final long[] chosen = new long[lines];
        chosen[0] = candidates.remove(0);
        int next = 1;
        if (lines > 1) {
            final int home0 = homeOf(mapping, homes, chosen[0]);
            int sameHome = -1;
            for (int i = 0; i < candidates.size(); i++) {
                if (homeOf(mapping, homes, candidates.get(i)) == home0) {
                    sameHome = sameHome < 0 ? i : sameHome;
                    if (conflict.test(chosen[0], candidates.get(i))) {
                        sameHome = i;
                        break;
                    }
                }
            }
            if (sameHome >= 0) {
                chosen[next++] = candidates.remove(sameHome);
            }
        }
        while (next < lines) {
            chosen[next++] = candidates.remove(0);
        }
        return chosen;
    }

    private static int homeOf(final HomeMapping mapping, final int homes, final long address) {
        return mapping.restricted() ? mapping.logicalHomeOfAddress(address, homes)
                : mapping.globalHomeOfLine(LineAddress.lineOf(address));
    }

    /**
     * The line addresses the search uses.
     *
     * @return byte addresses
     */
    public long[] addresses() {
        return addresses.clone();
    }

    /** One fresh machine with its checkers. */
    private final class Machine {
        final DataShadow data;
        final MesiProtocol protocol;
        final CoherenceInvariants invariants;
        final LatencyOracle oracle;

        Machine() {
            this.data = new DataShadow(cores, Arrays.stream(addresses).map(LineAddress::lineOf).toArray());
            this.protocol = new MesiProtocol(reference, formats, data);
            for (int d = 0; d < domains.length; d++) {
                protocol.sharerDomains().define(d, domains[d]);
            }
            final int[] homes = new int[cores];
            Arrays.setAll(homes, h -> h);
            protocol.homeDomains().define(0, homes);
            this.invariants = new CoherenceInvariants(protocol, data);
            this.oracle = new LatencyOracle(protocol, reference);
        }

        /** Applies a transition and checks everything; returns what is wrong, or null. */
        String apply(final int transition) {
            final int core = coreOf(transition);
            final boolean write = isWrite(transition);
            final long address = addresses[lineOf(transition)];
            final long line = LineAddress.lineOf(address);
            oracle.predict(core, write, address, 0);
            final long latency = protocol.access(core, write, address, sdidOf(transition), 0);
            if (write) {
                data.store(core, line);
            } else if (data.copyValue(core, line) != data.latest(line)) {
                return "the load returned value " + data.copyValue(core, line) + ", the latest store wrote "
                        + data.latest(line);
            }
            for (final long a : addresses) {
                final String problem = invariants.checkLine(LineAddress.lineOf(a),
                        CoherenceInvariants.homeSlice(protocol, a, 0));
                if (problem != null) {
                    return "line 0x" + Long.toHexString(a) + ": " + problem;
                }
            }
            final String late = oracle.judge(latency);
            if (late != null) {
                return late;
            }
            return invariants.checkMapCaches();
        }

        /** The state key. */
        String key() {
            final StringBuilder k = new StringBuilder(64);
            for (int core = 0; core < cores; core++) {
                for (final long a : addresses) {
                    k.append((char) ('0' + protocol.copyState(core, LineAddress.lineOf(a))));
                }
            }
            final DirectoryFormat f = protocol.format();
            for (int h = 0; h < cores; h++) {
                for (int i = 0; i < addresses.length; i++) {
                    final int entry = protocol.directoryEntry(h, LineAddress.lineOf(addresses[i]));
                    if (entry >= 0) {
                        k.append('|').append(h).append(':').append(i).append('=').append(f.describe(entry));
                    }
                }
            }
            k.append('|');
            for (final long a : addresses) {
                k.append(data.homeValue(LineAddress.lineOf(a)) == data.latest(LineAddress.lineOf(a)) ? 'c' : 's');
            }
            appendCaches(k, protocol.sharerMapCaches());
            appendCaches(k, protocol.homeMapCaches());
            return k.toString();
        }

        /** The state, for a person. */
        String describe() {
            final StringBuilder text = new StringBuilder();
            for (int core = 0; core < cores; core++) {
                for (int i = 0; i < addresses.length; i++) {
                    final byte s = protocol.copyState(core, LineAddress.lineOf(addresses[i]));
                    if (s != MesiProtocol.INVALID) {
                        text.append(text.length() == 0 ? "" : ", ").append("core ").append(core).append(' ')
                                .append("ISEM".charAt(s)).append(" L").append(i);
                    }
                }
            }
            final StringBuilder dir = new StringBuilder();
            for (int h = 0; h < cores; h++) {
                for (int i = 0; i < addresses.length; i++) {
                    final int entry = protocol.directoryEntry(h, LineAddress.lineOf(addresses[i]));
                    if (entry >= 0) {
                        dir.append(dir.length() == 0 ? "" : ", ").append("home ").append(h).append(" L").append(i)
                                .append(' ').append(protocol.format().describe(entry));
                    }
                }
            }
            return "copies [" + text + "], directory [" + dir + "]";
        }
    }

    /**
     * Each map cache's replacement state: under LRU its rows in recency order; under RTL every entry (the
     * victim depends on the entry number) and the used and lock bits.
     */
    private static void appendCaches(final StringBuilder k, final org.scalebench.coherence.domain.MapCacheBank bank) {
        final int[] tags = new int[bank.entries()];
        final boolean lru = bank.replacement() == org.scalebench.coherence.domain.MapCacheReplacement.LRU;
        for (int c = 0; c < bank.caches(); c++) {
            k.append('|');
            if (lru) {
                final int n = bank.tagsByRecency(c, tags);
                for (int i = 0; i < n; i++) {
                    k.append(Integer.toHexString(tags[i])).append(',');
                }
            } else {
                for (int e = 0; e < bank.entries(); e++) {
                    k.append(Integer.toHexString(bank.slotTag(c, e))).append(',');
                }
                k.append(Long.toHexString(bank.usedBits(c))).append('/').append(Long.toHexString(bank.lockedBits(c)));
            }
        }
    }

    private int transitionCount() {
        return cores * 2 * addresses.length * domains.length;
    }

    private int coreOf(final int t) {
        return t / (2 * addresses.length * domains.length);
    }

    private boolean isWrite(final int t) {
        return (t / (addresses.length * domains.length)) % 2 == 1;
    }

    private int lineOf(final int t) {
        return (t / domains.length) % addresses.length;
    }

    private int sdidOf(final int t) {
        return t % domains.length;
    }

    private String describeTransition(final int t) {
        final int line = lineOf(t);
        final int sdid = sdidOf(t);
        return "core " + coreOf(t) + (isWrite(t) ? " stores" : " loads") + " L" + line + " (0x"
                + Long.toHexString(addresses[line]) + ") as sharer domain " + sdid
                + (sdid == line % domains.length ? "" : " (another domain's id)");
    }

    /**
     * Runs the search without a memory limit or progress.
     *
     * @param maxStates stop after this many states (the result says it is incomplete), at least 1
     * @return what it found
     */
    public Result explore(final long maxStates) {
        return explore(maxStates, Long.MAX_VALUE, Progress.NONE);
    }

    /**
     * The bytes the search holds per state at least: the empty machine's key (every later key is as long or
     * longer) and {@link #STATE_OVERHEAD_BYTES}. A search of {@code n} states holds at least {@code n} times this.
     *
     * @return bytes
     */
    public long minimumBytesPerState() {
        return STATE_OVERHEAD_BYTES + new Machine().key().length();
    }

    /**
     * The transitions tried from every state: each core loads and stores each line under each sharer-domain id.
     *
     * @return transitions per state
     */
    public int transitionsPerState() {
        return transitionCount();
    }

    /**
     * Runs the search. It stops as soon as {@code maxStates} states are found, or as soon as the states it holds
     * (each its key's characters and {@link #STATE_OVERHEAD_BYTES}) would exceed {@code maxHeldBytes}; the result
     * then says it is incomplete and why.
     *
     * @param maxStates stop after this many states, at least 1 (at most 2^31 - 1 are held)
     * @param maxHeldBytes stop before the states held exceed this, at least 1
     * @param progress told how far the search has got
     * @return what it found
     */
    public Result explore(final long maxStates, final long maxHeldBytes, final Progress progress) {
        if (maxStates < 1) {
            throw new IllegalArgumentException("max states = " + maxStates + ": must be at least 1");
        }
        if (maxHeldBytes < 1) {
            throw new IllegalArgumentException("max held bytes = " + maxHeldBytes + ": must be at least 1");
        }
        final long stateLimit = Math.min(maxStates, Integer.MAX_VALUE);
        final Map<String, Integer> index = new HashMap<>();
        final List<int[]> paths = new ArrayList<>(); // state -> {parent, transition, depth}; the root: {-1, -1, 0}
        int depth = 0;
        final String root = new Machine().key();
        index.put(root, 0);
        paths.add(new int[] {-1, -1, 0});
        long held = STATE_OVERHEAD_BYTES + root.length();
        long transitions = 0;
        long violations = 0;
        String violation = "";
        int[] violatingPath = null;
        String stopped = "";
        final int perState = transitionCount();
        int reportedDepth = -1;
        search:
        for (int s = 0; s < paths.size(); s++) {
            if (paths.get(s)[2] != reportedDepth) {
                reportedDepth = paths.get(s)[2];
                progress.explored(s, paths.size(), reportedDepth);
            }
            final int[] path = pathTo(paths, s);
            for (int t = 0; t < perState; t++) {
                final Machine m = replay(path);
                String problem;
                try {
                    problem = m.apply(t);
                } catch (final RuntimeException e) {
                    problem = "the protocol failed: " + e;
                }
                transitions++;
                if ((transitions & (PROGRESS_EVERY - 1)) == 0) {
                    progress.explored(s, paths.size(), reportedDepth);
                }
                if (problem != null) {
                    violations++;
                    if (violatingPath == null) {
                        violation = problem;
                        violatingPath = Arrays.copyOf(path, path.length + 1);
                        violatingPath[path.length] = t;
                    }
                    continue;
                }
                final String key = m.key();
                if (!index.containsKey(key)) {
                    if (paths.size() >= stateLimit) {
                        stopped = "state limit reached";
                        break search;
                    }
                    if (held + STATE_OVERHEAD_BYTES + key.length() > maxHeldBytes) {
                        stopped = "memory limit reached: " + paths.size() + " states hold about "
                                + (held >> 20) + " MiB";
                        break search;
                    }
                    held += STATE_OVERHEAD_BYTES + key.length();
                    index.put(key, paths.size());
                    paths.add(new int[] {s, t, paths.get(s)[2] + 1});
                    depth = Math.max(depth, paths.get(s)[2] + 1);
                }
            }
        }
        return new Result(paths.size(), transitions, violations, stopped.isEmpty(), violation,
                violatingPath == null ? List.of() : trace(violatingPath, violation), depth, stopped);
    }

    private static int[] pathTo(final List<int[]> paths, final int state) {
        int length = 0;
        for (int s = state; paths.get(s)[0] >= 0; s = paths.get(s)[0]) {
            length++;
        }
        final int[] path = new int[length];
        for (int s = state; paths.get(s)[0] >= 0; s = paths.get(s)[0]) {
            path[--length] = paths.get(s)[1];
        }
        return path;
    }

    private Machine replay(final int[] path) {
        final Machine m = new Machine();
        for (final int t : path) {
            m.protocol.access(coreOf(t), isWrite(t), addresses[lineOf(t)], sdidOf(t), 0);
            if (isWrite(t)) {
                m.data.store(coreOf(t), LineAddress.lineOf(addresses[lineOf(t)]));
            }
        }
        return m;
    }

    private List<String> trace(final int[] path, final String problem) {
        final List<String> lines = new ArrayList<>();
        final Machine m = new Machine();
        for (int i = 0; i < path.length; i++) {
            final int t = path[i];
            final String step = (i + 1) + ". " + describeTransition(t);
            if (i == path.length - 1) {
                String found;
                try {
                    found = m.apply(t);
                } catch (final RuntimeException e) {
                    found = "the protocol failed: " + e;
                }
                lines.add(step + ": " + m.describe());
                lines.add("   violation: " + (found == null ? problem : found));
            } else {
                m.protocol.access(coreOf(t), isWrite(t), addresses[lineOf(t)], sdidOf(t), 0);
                if (isWrite(t)) {
                    m.data.store(coreOf(t), LineAddress.lineOf(addresses[lineOf(t)]));
                }
                lines.add(step + ": " + m.describe());
            }
        }
        return lines;
    }

    /**
     * Parses a domain list: domains separated by {@code /}, cores by {@code ,} ({@code 0,1/1,2}).
     *
     * @param text the list
     * @param cores cores of the machine
     * @return the domains
     * @throws IllegalArgumentException naming the text and the allowed form
     */
    public static int[][] parseDomains(final String text, final int cores) {
        final String[] parts = text.trim().split("/");
        if (parts.length > MAX_DOMAINS) {
            throw new IllegalArgumentException("domains = " + TextLimits.quoted(text) + ": " + parts.length
                    + " domains, at most " + MAX_DOMAINS);
        }
        final int[][] domains = new int[parts.length][];
        for (int d = 0; d < parts.length; d++) {
            try {
                domains[d] = Arrays.stream(parts[d].split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException("domains = " + TextLimits.quoted(text) + ": domain '" + parts[d]
                        + "' is not a list of core numbers (form: 0,1/1,2)");
            }
            if (Arrays.stream(domains[d]).distinct().count() != domains[d].length) {
                throw new IllegalArgumentException("domains = " + TextLimits.quoted(text) + ": domain '" + parts[d]
                        + "' lists a core twice");
            }
            for (final int core : domains[d]) {
                if (core < 0 || core >= cores) {
                    throw new IllegalArgumentException("domains = " + TextLimits.quoted(text) + ": core " + core + " is not in [0, "
                            + cores + ")");
                }
            }
        }
        return domains;
    }

    /**
     * The default domains of a machine: all cores but the last, and the last two (each has an outsider when
     * there are at least three cores).
     *
     * @param cores cores
     * @return the domains
     */
    public static String defaultDomains(final int cores) {
        final StringBuilder first = new StringBuilder();
        for (int c = 0; c < cores - 1; c++) {
            first.append(c == 0 ? "" : ",").append(c);
        }
        return first + "/" + (cores - 2) + "," + (cores - 1);
    }
}

package org.scalebench.coherence.sim;

import java.util.Locale;
import java.util.SplittableRandom;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.core.Checks;
import org.scalebench.core.FastDivisor;
import org.scalebench.core.Mix64;
import org.scalebench.core.RangeReduction;
import org.scalebench.core.data.Named;

/**
 * Seeded synthetic access streams for the three domain granularities of CDR (MICRO 2015 abstract:
 * "VM-level, application-level, or page-level"):
 *
 * <ul>
 *   <li>{@code vm} — VM consolidation: the machine is cut into compact VMs of {@code groupSize} cores
 *       ({@link Placement#compactGroup}); each VM is one sharer domain and one home domain (the home slices
 *       under its cores).</li>
 *   <li>{@code app} — application-level domains: applications of {@code groupSize} threads scheduled on
 *       scattered cores ({@link Placement#scatteredGroups}); homes under the threads' cores.</li>
 *   <li>{@code page} — page-level domains: {@code groups} sharing groups of {@code groupSize} cores drawn
 *       anywhere in the machine; each group's pages form one domain; a core belongs to several groups.</li>
 * </ul>
 * Every issuing core has its own stream, drawn from its own seeded generator (so a core's accesses do not depend on
 * when other cores ask for theirs). A core of a VM or application accesses its group; a core in page groups picks
 * one of its groups for each access (a core in no page group issues nothing). Each access then picks a line class:
 * <pre>
 *   private            lines of one core              store fraction privateWrites
 *   read-shared        lines read by the whole group  store fraction sharedWrites
 *   migratory          read-modify-write by any member, store fraction 1/2
 *   producer-consumer  line j written by member j mod size, read by the others
 *   outside            with probability outside: a load of another group's read-shared lines (the core is
 *                      not a member there: it is the public sharer of that domain)
 * </pre>
 * Within a class the line index is {@code floor(n * u^skew)} for uniform u and an integer skew: a few hot
 * lines, a long tail.
 *
 * <p>Addresses: group g owns the physical region {@code [g << 32, (g + 1) << 32)}; its 4 KiB pages are
 * placed in that region by a per-group bijection {@code frame = (page * a_g + c_g) mod 2^20} (a_g odd),
 * as an operating system scatters a VM's pages over physical frames. The offset within a page is kept,
 * so everything indexed by the low 12 address bits (private-cache sets, OpenPiton's low home bits) is
 * unaffected; without it every group's hot lines would sit at the same offsets and line-interleaved
 * global homes would pile them onto the same few home slices.
 *
 * <p>Allocation: arrays at construction; {@link #next} allocates nothing. Thread-safety: {@link #next} for
 * different cores may run on different threads at once (each core's state is its own); nothing else may.
 */
public final class SyntheticWorkload implements Workload {

    /** Domain granularity. */
    public enum Kind implements Named {
        /** VM consolidation. */
        VM,
        /** Application-level domains. */
        APP,
        /** Page-level domains. */
        PAGE;

        /** @return the CLI name */
        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Parameters of a synthetic stream.
     *
     * @param kind vm, app or page
     * @param groupSize cores per VM or application, sharers per page group
     * @param groups page groups (page kind; ignored otherwise)
     * @param privateLines private lines per core
     * @param sharedLines read-shared lines per group
     * @param migratoryLines migratory lines per group
     * @param producerConsumerLines producer-consumer lines per group
     * @param privateMix fraction of accesses to private lines (0 for page)
     * @param sharedMix fraction to read-shared lines
     * @param migratoryMix fraction to migratory lines
     * @param producerConsumerMix fraction to producer-consumer lines
     * @param privateWrites store fraction on private lines
     * @param sharedWrites store fraction on read-shared lines
     * @param outside fraction of accesses to another group's read-shared lines
     * @param skew integer exponent of the line-index skew, 1 (uniform) to 4
     * @param seed the seed
     * @param active VMs or applications that issue accesses (vm, app), spread evenly over the machine; 0 for
     *     all. The others are idle: their cores hold nothing, but the machine (homes, broadcasts, storage)
     *     is the whole machine
     */
    public record Params(Kind kind, int groupSize, int groups, int privateLines, int sharedLines,
            int migratoryLines, int producerConsumerLines, double privateMix, double sharedMix,
            double migratoryMix, double producerConsumerMix, double privateWrites, double sharedWrites,
            double outside, int skew, long seed, int active) {

        /** Validates. */
        public Params {
            Checks.requireAtLeast("group size", groupSize, 1);
            if (kind == Kind.PAGE && groups < 2) {
                throw new IllegalArgumentException("page groups = " + groups + ": must be at least 2");
            }
            for (final int lines : new int[] {privateLines, sharedLines, migratoryLines, producerConsumerLines}) {
                Checks.requireInRange("lines per class", lines, 1, 1 << 24);
            }
            final double mix = privateMix + sharedMix + migratoryMix + producerConsumerMix;
            if (privateMix < 0 || sharedMix < 0 || migratoryMix < 0 || producerConsumerMix < 0 || Math.abs(mix - 1) > 1e-9) {
                throw new IllegalArgumentException("access mix = " + privateMix + " + " + sharedMix + " + " + migratoryMix
                        + " + " + producerConsumerMix + ": fractions must be >= 0 and sum to 1");
            }
            for (final double f : new double[] {privateWrites, sharedWrites, outside}) {
                if (!(f >= 0 && f <= 1)) {
                    throw new IllegalArgumentException("fraction = " + f + ": must be in [0, 1]");
                }
            }
            Checks.requireInRange("skew", skew, 1, 4);
            if (active < 0) {
                throw new IllegalArgumentException("active domains = " + active + ": must be at least 0 (0 = all)");
            }
        }

        /**
         * Defaults for a machine: VMs and applications of 16 cores, page groups of 4 sharers (as many
         * groups as cores, capped by the sharer domains); per core a quarter of a private cache of private
         * lines, per group half a cache of read-shared lines and a sixteenth of one each of migratory and
         * producer-consumer lines (a core's working set fits its private cache, so misses are cold and
         * coherence misses); 70/20/5/5 % of accesses to private/read-shared/migratory/
         * producer-consumer lines (page groups: 0/60/20/20), 30 % stores on private and 2 % on read-shared
         * lines, 1 % from outside the domain, cubic skew.
         *
         * @param kind the kind
         * @param system the machine
         * @param seed the seed
         * @return the parameters
         */
        public static Params defaults(final Kind kind, final SystemSpec system, final long seed) {
            final int cache = system.privateLines();
            final boolean page = kind == Kind.PAGE;
            return new Params(kind, page ? 4 : 16, Math.min(system.cores(), system.sharerDomains()),
                    Math.max(1, cache / 4), Math.max(1, cache / 2), Math.max(1, cache / 16), Math.max(1, cache / 16),
                    page ? 0 : 0.7,
                    page ? 0.6 : 0.2, page ? 0.2 : 0.05, page ? 0.2 : 0.05, 0.3, 0.02, 0.01, 3, seed, 0);
        }

        /**
         * The same parameters with another group size.
         *
         * @param size cores per group
         * @return the copy
         */
        public Params withGroupSize(final int size) {
            return new Params(kind, size, groups, privateLines, sharedLines, migratoryLines, producerConsumerLines,
                    privateMix, sharedMix, migratoryMix, producerConsumerMix, privateWrites, sharedWrites, outside,
                    skew, seed, active);
        }

        /**
         * The same parameters with another outside fraction.
         *
         * @param fraction accesses from outside the domain
         * @return the copy
         */
        public Params withOutside(final double fraction) {
            return new Params(kind, groupSize, groups, privateLines, sharedLines, migratoryLines,
                    producerConsumerLines, privateMix, sharedMix, migratoryMix, producerConsumerMix, privateWrites,
                    sharedWrites, fraction, skew, seed, active);
        }

        /**
         * The same parameters with only {@code count} active VMs or applications.
         *
         * @param count active domains, 0 for all
         * @return the copy
         */
        public Params withActive(final int count) {
            return new Params(kind, groupSize, groups, privateLines, sharedLines, migratoryLines,
                    producerConsumerLines, privateMix, sharedMix, migratoryMix, producerConsumerMix, privateWrites,
                    sharedWrites, outside, skew, seed, count);
        }
    }

    private final Params p;
    private final SystemSpec system;
    private final int groupCount;
    private final int[][] members;
    private final int[] groupOfCore;
    private final int[] memberOfCore;
    /** Per core: its generator's state (SplitMix64: a Weyl sequence through a mixer). */
    private final long[] generator;
    /** Page groups: per core, the groups it belongs to and its member index in each (CSR layout). */
    private final int[] pageGroupStart;
    private final int[] pageGroups;
    private final int[] pageMembers;
    private final int[] issuing;
    private final double cutPrivate;
    private final double cutShared;
    private final double cutMigratory;
    private final double insideScale;
    private final FastDivisor groupSizeDivisor;
    /** The cores of the active groups (vm, app). */
    private final int[] activeCores;
    /** Per group: the odd multiplier and the offset of its page placement. */
    private final long[] frameMultiplier;
    private final long[] frameOffset;

    /**
     * Creates the stream.
     *
     * @param system the machine
     * @param params the parameters
     */
    public SyntheticWorkload(final SystemSpec system, final Params params) {
        this.p = params;
        this.system = system;
        final int cores = system.cores();
        if (params.kind() != Kind.PAGE && (params.groupSize() > cores || cores % params.groupSize() != 0)) {
            throw new IllegalArgumentException(params.kind().id() + " size = " + params.groupSize()
                    + ": must divide the " + cores + " cores");
        }
        if (params.kind() == Kind.PAGE && params.groupSize() > cores) {
            throw new IllegalArgumentException("page group size = " + params.groupSize() + ": must be at most " + cores);
        }
        requireRegionHolds(params);
        this.groupOfCore = new int[cores];
        this.memberOfCore = new int[cores];
        final SplittableRandom placement = new SplittableRandom(params.seed() ^ 0x9E3779B97F4A7C15L);
        switch (params.kind()) {
            case VM: {
                groupCount = Placement.compactGroups(system, params.groupSize());
                members = new int[groupCount][];
                for (int g = 0; g < groupCount; g++) {
                    members[g] = Placement.compactGroup(system, g, params.groupSize());
                }
                break;
            }
            case APP:
                members = Placement.scatteredGroups(system, params.groupSize(), placement.nextLong());
                groupCount = members.length;
                break;
            default: {
                groupCount = params.groups();
                members = new int[groupCount][];
                for (int g = 0; g < groupCount; g++) {
                    members[g] = distinctCores(placement, cores, params.groupSize());
                }
            }
        }
        if (groupCount > system.sharerDomains() || groupCount > system.homeDomains()) {
            throw new IllegalArgumentException(groupCount + " " + params.kind().id() + " domains: the system has "
                    + system.sharerDomains() + " sharer and " + system.homeDomains() + " home domain ids");
        }
        if (groupCount < 2 && params.outside() > 0) {
            throw new IllegalArgumentException("outside = " + params.outside() + " with a single "
                    + params.kind().id() + " domain: accesses from outside need at least 2 domains (use 0)");
        }
        for (int g = 0; g < groupCount && params.kind() != Kind.PAGE; g++) {
            for (int m = 0; m < members[g].length; m++) {
                groupOfCore[members[g][m]] = g;
                memberOfCore[members[g][m]] = m;
            }
        }
        this.cutPrivate = params.privateMix();
        this.cutShared = cutPrivate + params.sharedMix();
        this.cutMigratory = cutShared + params.migratoryMix();
        this.insideScale = params.outside() < 1 ? 1 / (1 - params.outside()) : 0;
        this.groupSizeDivisor = new FastDivisor(params.groupSize());
        if (params.active() > groupCount) {
            throw new IllegalArgumentException("active " + params.kind().id() + "s = " + params.active()
                    + ": the machine has " + groupCount);
        }
        final int activeGroups = params.active() == 0 ? groupCount : params.active();
        if (params.kind() != Kind.PAGE && activeGroups < 2 && params.outside() > 0) {
            throw new IllegalArgumentException("outside = " + params.outside() + " with one active "
                    + params.kind().id() + ": accesses from outside need at least 2 active domains (use 0)");
        }
        if (params.kind() == Kind.PAGE) {
            this.activeCores = new int[0];
        } else {
            this.activeCores = new int[activeGroups * params.groupSize()];
            for (int k = 0; k < activeGroups; k++) {
                // evenly spaced over the machine
                final int g = (int) ((long) k * groupCount / activeGroups);
                System.arraycopy(members[g], 0, activeCores, k * params.groupSize(), params.groupSize());
            }
        }
        this.frameMultiplier = new long[groupCount];
        this.frameOffset = new long[groupCount];
        final SplittableRandom frames = new SplittableRandom(params.seed() ^ 0x5DEECE66DL);
        for (int g = 0; g < groupCount; g++) {
            frameMultiplier[g] = frames.nextLong() | 1;
            frameOffset[g] = frames.nextLong();
        }
        this.generator = new long[cores];
        for (int c = 0; c < cores; c++) {
            generator[c] = Mix64.stafford13(params.seed() * GOLDEN_GAMMA + c);
        }
        if (params.kind() == Kind.PAGE) {
            this.pageGroupStart = new int[cores + 1];
            for (int g = 0; g < groupCount; g++) {
                for (final int c : members[g]) {
                    pageGroupStart[c + 1]++;
                }
            }
            for (int c = 0; c < cores; c++) {
                pageGroupStart[c + 1] += pageGroupStart[c];
            }
            this.pageGroups = new int[pageGroupStart[cores]];
            this.pageMembers = new int[pageGroupStart[cores]];
            final int[] fill = java.util.Arrays.copyOf(pageGroupStart, cores);
            for (int g = 0; g < groupCount; g++) {
                for (int m = 0; m < members[g].length; m++) {
                    final int c = members[g][m];
                    pageGroups[fill[c]] = g;
                    pageMembers[fill[c]++] = m;
                }
            }
            int n = 0;
            for (int c = 0; c < cores; c++) {
                n += pageGroupStart[c + 1] > pageGroupStart[c] ? 1 : 0;
            }
            this.issuing = new int[n];
            n = 0;
            for (int c = 0; c < cores; c++) {
                if (pageGroupStart[c + 1] > pageGroupStart[c]) {
                    issuing[n++] = c;
                }
            }
        } else {
            this.pageGroupStart = new int[0];
            this.pageGroups = new int[0];
            this.pageMembers = new int[0];
            this.issuing = activeCores.clone();
            java.util.Arrays.sort(issuing);
        }
    }

    private static final long GOLDEN_GAMMA = 0x9e37_79b9_7f4a_7c15L;

    /** The next 64 random bits of core {@code c}'s generator (SplitMix64). */
    private long nextLong(final int c) {
        final long state = generator[c] + GOLDEN_GAMMA;
        generator[c] = state;
        return Mix64.murmur3(state);
    }

    /** A uniform double in [0, 1) from core {@code c}'s generator. */
    private double nextDouble(final int c) {
        return (nextLong(c) >>> 11) * 0x1.0p-53;
    }

    private static int[] distinctCores(final SplittableRandom random, final int cores, final int count) {
        final int[] chosen = new int[count];
        for (int i = 0; i < count; i++) {
            int c;
            boolean repeat;
            do {
                c = random.nextInt(cores);
                repeat = false;
                for (int j = 0; j < i; j++) {
                    repeat |= chosen[j] == c;
                }
            } while (repeat);
            chosen[i] = c;
        }
        return chosen;
    }

    @Override
    public String name() {
        return p.kind().id();
    }

    @Override
    public double outsideFraction() {
        return p.outside();
    }

    @Override
    public int[] issuingCores() {
        return issuing.clone();
    }

    /** Another group than {@code g}: an active one when only some are (the public sharer's target). */
    private int otherGroup(final int c, final int g) {
        if (p.kind() == Kind.PAGE || activeCores.length == system.cores()) {
            final int other = RangeReduction.reduce(nextLong(c), groupCount - 1);
            return other >= g ? other + 1 : other;
        }
        final int activeGroups = activeCores.length / p.groupSize();
        final int k = RangeReduction.reduce(nextLong(c), activeGroups - 1);
        final int candidate = groupOfCore[activeCores[k * p.groupSize()]];
        return candidate >= g ? groupOfCore[activeCores[(k + 1) * p.groupSize()]] : candidate;
    }

    /**
     * The parameters.
     *
     * @return the parameters
     */
    public Params params() {
        return p;
    }

    /**
     * Number of domains (groups).
     *
     * @return groups
     */
    public int groups() {
        return groupCount;
    }

    /**
     * The cores of a group.
     *
     * @param g the group
     * @return its cores (a copy)
     */
    public int[] members(final int g) {
        return members[g].clone();
    }

    @Override
    public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
        for (int g = 0; g < groupCount; g++) {
            final int[] m = members[g];
            sharers.define(g, m.length <= SharerDomains.MAX_MEMBERS ? m
                    : java.util.Arrays.copyOf(m, SharerDomains.MAX_MEMBERS));
            if (p.kind() != Kind.PAGE) {
                sharers.makePrimary(g);
            }
            homes.define(g, Placement.homesOf(system, m));
        }
    }

    @Override
    public boolean next(final int core, final Access out) {
        final int size = p.groupSize();
        final long privateLines = p.privateLines();
        final long sharedBase = (long) size * privateLines;
        final long migratoryBase = sharedBase + p.sharedLines();
        final long producerBase = migratoryBase + p.migratoryLines();
        final int g;
        final int member;
        if (p.kind() == Kind.PAGE) {
            final int first = pageGroupStart[core];
            final int k = first + RangeReduction.reduce(nextLong(core), pageGroupStart[core + 1] - first);
            g = pageGroups[k];
            member = pageMembers[k];
        } else {
            g = groupOfCore[core];
            member = memberOfCore[core];
        }
        final double u = nextDouble(core);
        final double v = nextDouble(core);
        if (u < p.outside()) {
            final int other = otherGroup(core, g);
            final long line = sharedBase + skewed(p.sharedLines(), nextDouble(core));
            out.set(false, address(other, line), other, other);
            return true;
        }
        final double w = (u - p.outside()) * insideScale;
        final long line;
        final boolean write;
        if (w < cutPrivate) {
            line = member * privateLines + skewed(p.privateLines(), v);
            write = nextDouble(core) < p.privateWrites();
        } else if (w < cutShared) {
            line = sharedBase + skewed(p.sharedLines(), v);
            write = nextDouble(core) < p.sharedWrites();
        } else if (w < cutMigratory) {
            line = migratoryBase + skewed(p.migratoryLines(), v);
            write = nextLong(core) < 0;
        } else {
            final long j = skewed(p.producerConsumerLines(), v);
            line = producerBase + j;
            write = groupSizeDivisor.remainder((int) j) == member;
        }
        out.set(write, address(g, line), g, g);
        return true;
    }

    private long skewed(final int lines, final double u) {
        double x = u;
        for (int k = 1; k < p.skew(); k++) {
            x *= u;
        }
        return (long) (lines * x);
    }

    /**
     * The physical address of line {@code line} of group {@code group} (its page through the group's frame
     * bijection, the offset in the page kept).
     *
     * @param group the group
     * @param line the line index in the group's layout
     * @return the byte address
     */
    long addressOf(final int group, final long line) {
        return address(group, line);
    }

    /** Group g's line: its page through the group's frame bijection, the offset kept. */
    private long address(final int group, final long line) {
        final long frame = ((line >>> LineAddress.LINES_PER_PAGE_SHIFT) * frameMultiplier[group] + frameOffset[group])
                & FRAME_MASK;
        return ((long) group << REGION_SHIFT) | (frame << LineAddress.PAGE_SHIFT)
                | ((line & LINE_IN_PAGE_MASK) << LineAddress.LINE_SHIFT);
    }

    private static final long LINE_IN_PAGE_MASK = LineAddress.LINES_PER_PAGE - 1;

    /**
     * Refuses a layout that does not fit a group's region: {@link #address} keeps a line's page number modulo the
     * region's 2^20 frames, so a group of more than 2^26 lines would give distinct lines one address (e.g. 16 cores
     * of 2^24 private lines each, which the parameters allow one by one).
     */
    private static void requireRegionHolds(final Params p) {
        final long lines = (long) p.groupSize() * p.privateLines() + p.sharedLines() + p.migratoryLines()
                + p.producerConsumerLines();
        if (lines > REGION_LINES) {
            throw new IllegalArgumentException(p.kind().id() + " size = " + p.groupSize() + ": a group's lines, "
                    + p.groupSize() + " x " + p.privateLines() + " private + " + p.sharedLines() + " read-shared + "
                    + p.migratoryLines() + " migratory + " + p.producerConsumerLines() + " producer-consumer = "
                    + lines + ", must be at most " + REGION_LINES + " (2^26 lines, the group's 4 GiB region; "
                    + "give a smaller group or private cache)");
        }
    }

    /** A group's region: 4 GiB. */
    private static final int REGION_SHIFT = 32;
    /** 2^20 frames of 4 KiB in a group's 4 GiB region. */
    private static final long FRAME_MASK = (1L << (REGION_SHIFT - LineAddress.PAGE_SHIFT)) - 1;
    /** Lines of a group's region: 2^26 (4 GiB of 64-byte lines). */
    static final long REGION_LINES = 1L << (REGION_SHIFT - LineAddress.LINE_SHIFT);
}

package org.scalebench.coherence.home;

import java.util.Locale;
import org.scalebench.coherence.LineAddress;
import org.scalebench.core.Checks;
import org.scalebench.core.RangeReduction;

/**
 * Where a line's home is: the three mappings of the CLI's {@code --homes} option.
 *
 * <ul>
 *   <li>{@code global}: line-interleaved over all {@code H} homes of the machine, {@code home = line mod H}
 *       over the whole unsigned 64-bit line index, exact and without a divide ({@link LineModulo}); no home
 *       domains.</li>
 *   <li>{@code piton}: six address bits ({@link HomeBitSelect}) through {@link PitonHomeEncoder} to a
 *       logical home of the line's home domain, as OpenPiton's L1.5 does, skew included.</li>
 *   <li>{@code uniform}: the line index hashed by one multiply (Fibonacci hashing, Knuth TAOCP vol. 3, 6.4:
 *       {@code h = line x 0x9E3779B97F4A7C15 mod 2^64}, a bijection whose top bits depend on every bit of the
 *       line and spread consecutive and strided lines evenly), then its top 32 bits reduced onto the domain's
 *       {@code n} homes by multiply-shift, {@code floor((h >>> 32) n / 2^32)} (Lemire's range reduction): every
 *       home receives {@code floor(2^32 / n)} or {@code ceil(2^32 / n)} of the 2^32 values of the top half, for
 *       any domain size.</li>
 * </ul>
 * Restricted mappings ({@code piton}, {@code uniform}) produce a logical home id ({@link #logicalHomeOfAddress});
 * the caller translates it through the home domain's map table ({@link HomeMapTable}), or asks for the home tile
 * directly ({@link #homeOfAddress}, {@link #homes}), which for {@code piton} reads the table already composed with
 * the encoder ({@link HomeMapTable#homeOfBits}): a shift, a mask and one load per access.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable.
 */
public final class HomeMapping {

    /** The mapping kinds. */
    public enum Kind {
        /** Interleave over all homes. */
        GLOBAL,
        /** OpenPiton bit-select plus mask-and-fold encoder. */
        PITON,
        /** Multiply-shift onto the domain's homes. */
        UNIFORM,
        /**
         * The home of a page is the home next to the first core that touches it (first-touch placement, as NUMA
         * operating systems place pages); the protocol keeps the page table.
         */
        FIRST_TOUCH
    }

    /** Names accepted by {@link #parse}. */
    public static final String ALLOWED = "global, first-touch, piton, piton-low, piton-middle, piton-high, piton-mixed, "
            + "uniform";

    /** 2^64 / golden ratio, odd: Fibonacci hashing's multiplier. */
    private static final long PHI = 0x9E37_79B9_7F4A_7C15L;

    private final Kind kind;
    private final HomeBitSelect bits;
    private final LineModulo allHomes;
    /** True for {@link Kind#PITON}: the one test on the hot path. */
    private final boolean piton;
    /** The lowest bit of the selection's (first) field, copied here so that the hot path loads no enum. */
    private final int homeBitShift;
    /** True for {@link HomeBitSelect#MIXED}: a second field is XORed in. */
    private final boolean mixedBits;

    /**
     * Creates a mapping.
     *
     * @param kind the kind
     * @param bits the bit selection used by {@link Kind#PITON}
     * @param totalHomes home slices in the machine (used by {@link Kind#GLOBAL}), at least 1
     * @throws IllegalArgumentException if {@code kind} or {@code bits} is null or {@code totalHomes} is below 1
     */
    public HomeMapping(final Kind kind, final HomeBitSelect bits, final int totalHomes) {
        if (kind == null || bits == null) {
            throw new IllegalArgumentException((kind == null ? "kind" : "bits") + " = null: must be one of "
                    + java.util.Arrays.toString(kind == null ? Kind.values() : HomeBitSelect.values()));
        }
        Checks.requireAtLeast("homes", totalHomes, 1);
        this.kind = kind;
        this.bits = bits;
        this.allHomes = new LineModulo(totalHomes);
        this.piton = kind == Kind.PITON;
        this.homeBitShift = bits.shift;
        this.mixedBits = bits == HomeBitSelect.MIXED;
    }

    /**
     * Parses a CLI name: {@code global}, {@code piton} (low bits), {@code piton-low|middle|high|mixed},
     * {@code uniform}.
     *
     * @param name the name
     * @param totalHomes home slices in the machine
     * @return the mapping
     */
    public static HomeMapping parse(final String name, final int totalHomes) {
        final String s = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (s.equals("global")) {
            return new HomeMapping(Kind.GLOBAL, HomeBitSelect.LOW, totalHomes);
        }
        if (s.equals("uniform")) {
            return new HomeMapping(Kind.UNIFORM, HomeBitSelect.LOW, totalHomes);
        }
        if (s.equals("first-touch")) {
            return new HomeMapping(Kind.FIRST_TOUCH, HomeBitSelect.LOW, totalHomes);
        }
        if (s.equals("piton")) {
            return new HomeMapping(Kind.PITON, HomeBitSelect.LOW, totalHomes);
        }
        if (s.startsWith("piton-")) {
            try {
                return new HomeMapping(Kind.PITON, HomeBitSelect.parse(s.substring(6)), totalHomes);
            } catch (final IllegalArgumentException e) {
                // fall through to the full message
            }
        }
        throw new IllegalArgumentException("home mapping '" + name + "': must be one of " + ALLOWED);
    }

    /**
     * Whether lines go to logical homes of a home domain (true) or straight to a global home.
     *
     * @return true for {@code piton} and {@code uniform}
     */
    public boolean restricted() {
        return kind == Kind.PITON || kind == Kind.UNIFORM;
    }

    /**
     * Whether a page's home is where it is first touched.
     *
     * @return true for {@code first-touch}
     */
    public boolean firstTouch() {
        return kind == Kind.FIRST_TOUCH;
    }

    /**
     * The global home of a line ({@link Kind#GLOBAL}). Takes a line index, where {@link #logicalHomeOfAddress}
     * takes a byte address (its bit selection reads address bits, as OpenPiton's encoder does); the names say
     * which.
     *
     * @param line the line index (byte address / 64), read as unsigned
     * @return the home slice in [0, totalHomes): {@code line mod totalHomes}
     */
    public int globalHomeOfLine(final long line) {
        return allHomes.remainder(line);
    }

    /**
     * The logical home of a line in a home domain of {@code homes} homes (restricted kinds). Unchecked, on the
     * access path: the caller guarantees the size (an {@code assert} checks it when assertions are enabled); out of
     * range the result is not a logical home of the domain (0 for 0 homes under {@code uniform}).
     *
     * @param address the byte address (not the line index: see {@link #globalHomeOfLine})
     * @param homes the home-domain size, in [1, 64]
     * @return the logical home id in [0, homes)
     */
    public int logicalHomeOfAddress(final long address, final int homes) {
        assert homes >= 1 && homes <= PitonHomeEncoder.MAX_HOMES
                : "homes = " + homes + ": must be in [1, " + PitonHomeEncoder.MAX_HOMES + "]";
        if (piton) {
            return PitonHomeEncoder.encode(homeBits(address), homes);
        }
        return RangeReduction.reduce32(uniformHash(address), homes);
    }

    /**
     * The home tile of a restricted access: {@code domains.home(hdid, logicalHomeOfAddress(address,
     * domains.size(hdid)))}, which for {@code piton} is one load from the domain's composed table.
     *
     * @param address the byte address
     * @param hdid the home domain of the address's page, defined in {@code domains}
     * @param domains the home domains and their table
     * @return the home tile
     */
    public int homeOfAddress(final long address, final int hdid, final HomeMapTable domains) {
        if (piton) {
            return domains.homeOfBits(hdid, homeBits(address));
        }
        return domains.home(hdid, RangeReduction.reduce32(uniformHash(address), domains.size(hdid)));
    }

    /**
     * The six home bits of the configured selection, as {@link HomeBitSelect#bits} gives them: one shift and a
     * mask, and for {@code MIXED} the second field XORed in (a branch that depends only on the mapping, so it is
     * always predicted).
     */
    private int homeBits(final long address) {
        final long selected = address >>> homeBitShift;
        final long bits = mixedBits ? selected ^ (address >>> HomeBitSelect.MIXED.xorShift) : selected;
        return (int) (bits & HomeBitSelect.HOME_BIT_MASK);
    }

    /** The {@code uniform} mapping's hash of the line of {@code address}: the top half of one multiply by an odd constant. */
    private static int uniformHash(final long address) {
        return (int) (((address >>> LineAddress.LINE_SHIFT) * PHI) >>> Integer.SIZE);
    }

    /**
     * Maps a batch of restricted accesses to their home tiles: {@code homes[i]} is the home of
     * {@code addresses[i]} in home domain {@code hdids[i]}, as {@link #homeOfAddress} gives it. The loop has no
     * dependency between elements, so a trace-driven simulator can map a chunk of accesses at a time.
     *
     * @param addresses byte addresses
     * @param hdids home domains of the addresses' pages
     * @param count how many to map
     * @param domains the home domains and their table
     * @param homes receives the home tiles
     */
    public void homes(final long[] addresses, final int[] hdids, final int count, final HomeMapTable domains,
            final int[] homes) {
        if (piton) {
            for (int i = 0; i < count; i++) {
                homes[i] = domains.homeOfBits(hdids[i], homeBits(addresses[i]));
            }
        } else {
            for (int i = 0; i < count; i++) {
                final int hdid = hdids[i];
                homes[i] = domains.home(hdid, RangeReduction.reduce32(uniformHash(addresses[i]), domains.size(hdid)));
            }
        }
    }

    /**
     * The kind.
     *
     * @return the kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * The CLI name of this mapping.
     *
     * @return e.g. {@code piton-low}
     */
    public String id() {
        switch (kind) {
            case GLOBAL:
                return "global";
            case UNIFORM:
                return "uniform";
            case FIRST_TOUCH:
                return "first-touch";
            default:
                return "piton-" + bits.id();
        }
    }
}

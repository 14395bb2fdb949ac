package org.scalebench.coherence.home;

import java.util.Locale;
import org.scalebench.coherence.LineAddress;
import org.scalebench.core.Checks;
import org.scalebench.core.Mix64;
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
 *   <li>{@code uniform}: the mixed line address reduced by multiply-shift onto the domain's homes: exact
 *       uniformity for any domain size.</li>
 * </ul>
 * Restricted mappings ({@code piton}, {@code uniform}) produce a logical home id; the caller translates it
 * through the home domain's map table ({@link org.scalebench.coherence.domain.HomeDomains}).
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

    private final Kind kind;
    private final HomeBitSelect bits;
    private final LineModulo allHomes;

    /**
     * Creates a mapping.
     *
     * @param kind the kind
     * @param bits the bit selection used by {@link Kind#PITON}
     * @param totalHomes home slices in the machine (used by {@link Kind#GLOBAL}), at least 1
     */
    public HomeMapping(final Kind kind, final HomeBitSelect bits, final int totalHomes) {
        Checks.requireAtLeast("homes", totalHomes, 1);
        this.kind = kind;
        this.bits = bits;
        this.allHomes = new LineModulo(totalHomes);
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
     * The logical home of a line in a home domain of {@code homes} homes (restricted kinds).
     *
     * @param address the byte address (not the line index: see {@link #globalHomeOfLine})
     * @param homes the home-domain size, in [1, 64]
     * @return the logical home id in [0, homes)
     */
    public int logicalHomeOfAddress(final long address, final int homes) {
        if (kind == Kind.PITON) {
            return PitonHomeEncoder.encode(bits.bits(address), homes);
        }
        return RangeReduction.reduce(Mix64.stafford13(address >>> LineAddress.LINE_SHIFT), homes);
    }

    /**
     * Maps a batch of restricted accesses to their home tiles: {@code homes[i]} is the home of
     * {@code addresses[i]} in home domain {@code hdids[i]}, through the domain's home-map table. The loop has
     * no dependency between elements, so a trace-driven simulator can map a chunk of accesses at a time.
     *
     * @param addresses byte addresses
     * @param hdids home domains of the addresses' pages
     * @param count how many to map
     * @param domains the home domains and their table
     * @param homes receives the home tiles
     */
    public void homes(final long[] addresses, final int[] hdids, final int count,
            final org.scalebench.coherence.domain.HomeDomains domains, final int[] homes) {
        if (kind == Kind.PITON) {
            final HomeBitSelect select = bits;
            for (int i = 0; i < count; i++) {
                final int hdid = hdids[i];
                homes[i] = domains.home(hdid, PitonHomeEncoder.encode(select.bits(addresses[i]), domains.size(hdid)));
            }
        } else {
            for (int i = 0; i < count; i++) {
                final int hdid = hdids[i];
                homes[i] = domains.home(hdid, RangeReduction.reduce(
                        Mix64.stafford13(addresses[i] >>> LineAddress.LINE_SHIFT), domains.size(hdid)));
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

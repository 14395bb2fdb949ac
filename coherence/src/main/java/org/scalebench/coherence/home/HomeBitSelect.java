package org.scalebench.coherence.home;

import java.util.Locale;

/**
 * Which six physical-address bits feed the Piton home encoder ({@code home_alloc_method} in OpenPiton's
 * {@code l15_csm.v}).
 *
 * <pre>
 *   LOW     addr[11:6]                  consecutive 64-byte lines go to consecutive homes
 *   MIDDLE  addr[19:14]                 16 KiB chunks
 *   HIGH    addr[29:24]                 16 MiB chunks
 *   MIXED   addr[11:6] XOR addr[19:14]  line interleaving, decorrelated from power-of-two strides
 * </pre>
 */
public enum HomeBitSelect {
    /** {@code addr[11:6]}. */
    LOW,
    /** {@code addr[19:14]}. */
    MIDDLE,
    /** {@code addr[29:24]}. */
    HIGH,
    /** {@code addr[11:6] ^ addr[19:14]}. */
    MIXED;

    /**
     * The six home bits of a byte address.
     *
     * @param address a physical byte address
     * @return a value in [0, 64)
     */
    public int bits(final long address) {
        switch (this) {
            case LOW:
                return (int) (address >>> 6) & 63;
            case MIDDLE:
                return (int) (address >>> 14) & 63;
            case HIGH:
                return (int) (address >>> 24) & 63;
            default:
                return (int) ((address >>> 6) ^ (address >>> 14)) & 63;
        }
    }

    /**
     * Parses a CLI name ({@code low}, {@code middle}, {@code high}, {@code mixed}).
     *
     * @param name the name, any case
     * @return the selection
     * @throws IllegalArgumentException naming the allowed values
     */
    public static HomeBitSelect parse(final String name) {
        for (final HomeBitSelect s : values()) {
            if (s.name().equalsIgnoreCase(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("home bit selection '" + name + "': must be one of low, middle, high, mixed");
    }

    /**
     * The CLI name.
     *
     * @return the lower-case name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}

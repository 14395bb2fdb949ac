package org.scalebench.coherence.sim;

import org.scalebench.core.data.Named;

/**
 * The four configurations CDR compares: global coherence, Sharer Restriction, Home Restriction, and both.
 */
public enum Scheme implements Named {
    /** No restriction: a scalable baseline format, homes interleaved over the whole machine. */
    GLOBAL("global", false, false),
    /** Sharer Restriction: the cdr-sr format, global homes. */
    SR("sr", true, false),
    /** Home Restriction: the baseline format, each domain's lines homed on its own home domain. */
    HR("hr", false, true),
    /** Both restrictions. */
    SR_HR("sr+hr", true, true),
    /**
     * A hierarchical directory: exact sharers tracked per level (cores of a server, servers of a rack, racks), pages
     * homed where they are first touched, reads served by a copy in the requester's server: the organisation large
     * shared-memory machines use, and the strong baseline of a warehouse-scale machine.
     */
    HIER("hier", false, false);


    private final String id;
    private final boolean sharerRestricted;
    private final boolean homeRestricted;

    Scheme(final String id, final boolean sharerRestricted, final boolean homeRestricted) {
        this.id = id;
        this.sharerRestricted = sharerRestricted;
        this.homeRestricted = homeRestricted;
    }

    /**
     * The CLI and CSV name.
     *
     * @return e.g. {@code sr+hr}
     */
    @Override
    public String id() {
        return id;
    }

    /**
     * Whether the directory uses CDR Sharer Restriction.
     *
     * @return true for sr and sr+hr
     */
    public boolean sharerRestricted() {
        return sharerRestricted;
    }

    /**
     * Whether homes are restricted to each domain's home domain.
     *
     * @return true for hr and sr+hr
     */
    public boolean homeRestricted() {
        return homeRestricted;
    }

    /**
     * Parses a CLI name.
     *
     * @param name global, sr, hr or sr+hr
     * @return the scheme
     */
    public static Scheme parse(final String name) {
        return Named.parse(Scheme.class, "scheme", name);
    }
}

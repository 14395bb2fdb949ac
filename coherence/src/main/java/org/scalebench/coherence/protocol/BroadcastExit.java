package org.scalebench.coherence.protocol;

import org.scalebench.core.data.Named;

/**
 * When a directory entry in the broadcast state (CDR's B state after a public-sharer read, or a Dir_i B
 * overflow) goes back to tracking sharers exactly.
 *
 * <ul>
 *   <li>{@link #STICKY}: only an exclusive request (whose broadcast invalidates every copy) or the entry's
 *       eviction ends it. This is OpenPiton's L2 (its CDR implementation): the L1.5 evicts clean lines
 *       silently ({@code l15_pipeline}: a write-back only for a line in M), so the L2 cannot know when the
 *       last copy of a B line goes; {@code l2_pipe2_ctrl} returns the line to I only when the broadcast
 *       counter has collected every acknowledgement of a broadcast invalidation.</li>
 *   <li>{@link #RESET_ON_EMPTY}: the entry leaves the broadcast state (and is freed) when its last copy is
 *       evicted. This needs the home to count copies (as ACKwise does) and clean evictions to notify it;
 *       the simulator's protocol sends PutS for clean evictions, so it knows.</li>
 * </ul>
 */
public enum BroadcastExit implements Named {
    /** Stays in broadcast until an exclusive request or eviction (OpenPiton's RTL). */
    STICKY("sticky"),
    /** Leaves broadcast when the last copy goes. */
    RESET_ON_EMPTY("reset-on-empty");


    private final String id;

    BroadcastExit(final String id) {
        this.id = id;
    }

    /**
     * The CLI and CSV name.
     *
     * @return e.g. {@code reset-on-empty}
     */
    @Override
    public String id() {
        return id;
    }

    /**
     * Parses a CLI name.
     *
     * @param name sticky or reset-on-empty
     * @return the policy
     */
    public static BroadcastExit parse(final String name) {
        return Named.parse(BroadcastExit.class, "b_state", name);
    }
}

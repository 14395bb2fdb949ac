package org.scalebench.bench.study;
import org.scalebench.core.data.TextLimits;

/**
 * One shard of a study: the points whose index modulo {@code count} equals {@code index}. Immutable.
 *
 * @param index the shard, from 0 to {@code count - 1}
 * @param count how many shards the study is split into, from 1 to {@value #MAX_COUNT}
 */
public record Shard(int index, int count) {

    /** The most shards a study can be split into. */
    public static final int MAX_COUNT = 10_000;

    /**
     * Validates the shard.
     *
     * @param index from 0 to {@code count - 1}
     * @param count from 1 to {@value #MAX_COUNT}
     */
    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ": must be I/N with 1 <= N <= "
                    + MAX_COUNT + " and 0 <= I < N");
        }
    }

    /**
     * Parses {@code I/N}.
     *
     * @param text e.g. {@code 2/4}
     * @return the shard
     * @throws IllegalArgumentException when malformed or out of range
     */
    public static Shard parse(final String text) {
        final int slash = text.indexOf('/');
        try {
            if (slash < 0) {
                throw new NumberFormatException();
            }
            return new Shard(Integer.parseInt(text.substring(0, slash).strip()),
                    Integer.parseInt(text.substring(slash + 1).strip()));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("shard " + TextLimits.quoted(text) + ": must be I/N, e.g. 0/4 (shard I of N, "
                    + "0 <= I < N <= " + MAX_COUNT + ")");
        }
    }

    /**
     * Whether this shard runs a point.
     *
     * @param point a point index (0 or more)
     * @return true when {@code point mod count == index}
     */
    public boolean selects(final int point) {
        return point % count == index;
    }

    /** Returns {@code I/N}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}

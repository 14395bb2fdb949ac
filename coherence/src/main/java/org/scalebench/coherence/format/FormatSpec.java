package org.scalebench.coherence.format;

import java.util.Locale;

/**
 * A directory format and its parameters, by the identifier used on the CLI and in CSV output:
 *
 * <ul>
 *   <li>{@code full-map} — one presence bit per core (Censier and Feautrier 1978);</li>
 *   <li>{@code dir-b-<i>} — i pointers, broadcast on overflow (Agarwal et al., ISCA 1988);</li>
 *   <li>{@code dir-nb-<i>} — i pointers, overflow invalidates an existing sharer;</li>
 *   <li>{@code coarse-vector-<i>} (or {@code coarse-vector} for i = 4) — i pointers that, on overflow, are
 *       reinterpreted as one bit per group of cores (Gupta, Weber and Mowry, ICPP 1990);</li>
 *   <li>{@code cdr-sr} — CDR Sharer Restriction: a 64-bit logical-sharer vector plus the line's sharer
 *       domain id (Fu, Nguyen and Wentzlaff, MICRO 2015; OpenPiton's L2 directory).</li>
 * </ul>
 *
 * @param kind the organisation
 * @param pointers the pointer count {@code i} for pointer-based formats, 0 otherwise
 */
public record FormatSpec(Kind kind, int pointers) {

    /** Largest pointer count accepted. */
    public static final int MAX_POINTERS = 64;
    /** Pointer count of {@code coarse-vector} without a suffix. */
    public static final int DEFAULT_COARSE_POINTERS = 4;

    /** Directory organisations. */
    public enum Kind {
        /** Full-map bit vector. */
        FULL_MAP("full-map"),
        /** Limited pointers, broadcast on overflow. */
        DIR_B("dir-b"),
        /** Limited pointers, no broadcast: overflow evicts a sharer. */
        DIR_NB("dir-nb"),
        /** Limited pointers falling back to a coarse vector. */
        COARSE_VECTOR("coarse-vector"),
        /** CDR Sharer Restriction. */
        CDR_SR("cdr-sr"),
        HIER("hier");

        private final String prefix;

        Kind(final String prefix) {
            this.prefix = prefix;
        }

        /**
         * The identifier prefix.
         *
         * @return e.g. {@code dir-b}
         */
        public String prefix() {
            return prefix;
        }

        /**
         * Whether the format stores core pointers.
         *
         * @return true for dir-b, dir-nb and coarse-vector
         */
        public boolean hasPointers() {
            return this == DIR_B || this == DIR_NB || this == COARSE_VECTOR;
        }
    }

    /**
     * Validates the parameters.
     *
     * @param kind the organisation
     * @param pointers the pointer count
     */
    public FormatSpec {
        if (kind == null) {
            throw new IllegalArgumentException("format kind must not be null");
        }
        if (kind.hasPointers() && (pointers < 1 || pointers > MAX_POINTERS)) {
            throw new IllegalArgumentException("format " + kind.prefix() + ": pointers = " + pointers
                    + ": must be in [1, " + MAX_POINTERS + "]");
        }
        if (!kind.hasPointers() && pointers != 0) {
            throw new IllegalArgumentException("format " + kind.prefix() + " takes no pointer count, got " + pointers);
        }
    }

    /**
     * The identifier used on the CLI and in CSV output.
     *
     * @return e.g. {@code dir-b-4}
     */
    public String id() {
        return kind.hasPointers() ? kind.prefix() + "-" + pointers : kind.prefix();
    }

    @Override
    public String toString() {
        return id();
    }

    /** Identifiers accepted by {@link #parse}, for error messages. */
    public static final String ALLOWED = "full-map, dir-b-<i>, dir-nb-<i>, coarse-vector[-<i>], cdr-sr, hier (i in [1, 64])";

    /**
     * Parses a format identifier.
     *
     * @param id e.g. {@code full-map}, {@code dir-b-4}, {@code coarse-vector}, {@code cdr-sr}
     * @return the spec
     * @throws IllegalArgumentException naming the identifier and the allowed forms
     */
    public static FormatSpec parse(final String id) {
        final String s = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        if (s.equals(Kind.FULL_MAP.prefix())) {
            return new FormatSpec(Kind.FULL_MAP, 0);
        }
        if (s.equals(Kind.CDR_SR.prefix())) {
            return new FormatSpec(Kind.CDR_SR, 0);
        }
        if (s.equals(Kind.HIER.prefix())) {
            return new FormatSpec(Kind.HIER, 0);
        }
        if (s.equals(Kind.COARSE_VECTOR.prefix())) {
            return new FormatSpec(Kind.COARSE_VECTOR, DEFAULT_COARSE_POINTERS);
        }
        for (final Kind k : Kind.values()) {
            if (k.hasPointers() && s.startsWith(k.prefix() + "-")) {
                final String digits = s.substring(k.prefix().length() + 1);
                final int i;
                try {
                    i = Integer.parseInt(digits);
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException("format '" + id + "': pointer count '" + digits
                            + "' is not a number; allowed: " + ALLOWED);
                }
                if (i < 1 || i > MAX_POINTERS) {
                    throw new IllegalArgumentException("format '" + id + "': pointers = " + i + ": must be in [1, "
                            + MAX_POINTERS + "]");
                }
                return new FormatSpec(k, i);
            }
        }
        throw new IllegalArgumentException("format '" + id + "': unknown; allowed: " + ALLOWED);
    }
}

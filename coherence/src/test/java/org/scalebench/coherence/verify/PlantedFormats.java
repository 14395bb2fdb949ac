package org.scalebench.coherence.verify;

import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.CdrSharerFormat;
import org.scalebench.coherence.format.CoarseVectorFormat;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;

/**
 * Deliberately broken directory formats: each wraps a correct one and plants one bug, to show that the
 * checkers catch it. The bugs are those a mutation run left alive before the checkers were strengthened.
 */
final class PlantedFormats {

    private PlantedFormats() {
    }

    /** A format whose invalidations forget the last of two or more targets. */
    static final DirectoryFormatFactory FORGETS_A_SHARER = (spec, capacity, domains, smc) ->
            new Forwarding(DirectoryFormats.create(spec, capacity, domains, smc)) {
                @Override
                public int invalidationTargets(final int entry, final int home, final int[] out) {
                    final int n = super.invalidationTargets(entry, home, out);
                    return n >= 2 ? n - 1 : n;
                }
            };

    /** A coarse vector that expands each marked group to its first core only (groups taken as size 1). */
    static final DirectoryFormatFactory WRONG_GROUP_EXPANSION = (spec, capacity, domains, smc) -> {
        final CoarseVectorFormat coarse = (CoarseVectorFormat) DirectoryFormats.create(spec, capacity, domains, smc);
        return new Forwarding(coarse) {
            @Override
            public int invalidationTargets(final int entry, final int home, final int[] out) {
                return firstOfEachGroup(super.invalidationTargets(entry, home, out), entry, out);
            }

            @Override
            public int coveredCores(final int entry, final int[] out) {
                return firstOfEachGroup(super.coveredCores(entry, out), entry, out);
            }

            private int firstOfEachGroup(final int n, final int entry, final int[] out) {
                if (coarse.isExact(entry)) {
                    return n;
                }
                int kept = 0;
                for (int i = 0; i < n; i++) {
                    if ((out[i] & (coarse.groupSize() - 1)) == 0) {
                        out[kept++] = out[i];
                    }
                }
                return kept;
            }
        };
    };

    /**
     * CDR Sharer Restriction without the domain check: a request under another domain's id sets the bit of
     * the requester's logical sharer id in that other domain, read later in the line's own domain.
     */
    static final DirectoryFormatFactory ACCEPTS_FOREIGN_DOMAIN_ID = (spec, capacity, domains, smc) -> {
        final CdrSharerFormat cdr = (CdrSharerFormat) DirectoryFormats.create(spec, capacity, domains, smc);
        return new Forwarding(cdr) {
            @Override
            public int addSharer(final int entry, final int core, final int sdid) {
                final int recorded = cdr.sharerDomain(entry);
                if (cdr.isEmpty(entry) || cdr.isBroadcast(entry) || recorded == sdid) {
                    return super.addSharer(entry, core, sdid);
                }
                final int lsid = domains.lsid(sdid, core);
                if (lsid == SharerDomains.PUBLIC_SHARER) {
                    return super.addSharer(entry, core, sdid);
                }
                final int alias = domains.globalCore(recorded, lsid); // the bit means this core in the line's domain
                return alias < 0 ? NONE : super.addSharer(entry, alias, recorded);
            }
        };
    };

    /** Forwards every call to a format. */
    static class Forwarding implements DirectoryFormat {
        private final DirectoryFormat f;

        Forwarding(final DirectoryFormat f) {
            this.f = f;
        }

        @Override
        public FormatSpec spec() {
            return f.spec();
        }

        @Override
        public int cores() {
            return f.cores();
        }

        @Override
        public int capacity() {
            return f.capacity();
        }

        @Override
        public int maxTargets() {
            return f.maxTargets();
        }

        @Override
        public void reset(final int entry) {
            f.reset(entry);
        }

        @Override
        public int addSharer(final int entry, final int core, final int sdid) {
            return f.addSharer(entry, core, sdid);
        }

        @Override
        public void removeSharer(final int entry, final int core) {
            f.removeSharer(entry, core);
        }

        @Override
        public void setOwner(final int entry, final int core, final int sdid) {
            f.setOwner(entry, core, sdid);
        }

        @Override
        public int owner(final int entry) {
            return f.owner(entry);
        }

        @Override
        public boolean isBroadcast(final int entry) {
            return f.isBroadcast(entry);
        }

        @Override
        public boolean isEmpty(final int entry) {
            return f.isEmpty(entry);
        }

        @Override
        public boolean isExact(final int entry) {
            return f.isExact(entry);
        }

        @Override
        public int invalidationTargets(final int entry, final int home, final int[] out) {
            return f.invalidationTargets(entry, home, out);
        }

        @Override
        public int coveredCores(final int entry, final int[] out) {
            return f.coveredCores(entry, out);
        }

        @Override
        public String describe(final int entry) {
            return f.describe(entry);
        }

        @Override
        public long mapCacheMisses() {
            return f.mapCacheMisses();
        }

        @Override
        public long mapCacheLookups() {
            return f.mapCacheLookups();
        }
    }
}

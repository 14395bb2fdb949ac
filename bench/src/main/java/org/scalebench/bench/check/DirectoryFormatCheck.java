package org.scalebench.bench.check;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;

/**
 * Every directory format against a {@link BitSet} of true sharers per entry on random add / remove / owner
 * operations (sharers of an entry drawn from one 16-core domain, with occasional cores from outside): the
 * format's invalidation targets must equal the true sharers when it says it is exact, contain them otherwise,
 * and a broadcast entry is only allowed where the format may broadcast.
 */
public final class DirectoryFormatCheck implements KernelCheck {

    private static final int CORES = 256;
    private static final int ENTRIES = 64;
    private static final String[] FORMATS = {"full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4", "cdr-sr"};

    @Override
    public String name() {
        return "DirectoryFormat";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final Tally tally = new Tally(name(), seed);
        final SplittableRandom random = new SplittableRandom(seed);
        final int perFormat = Math.max(1, operations / FORMATS.length);
        for (final String id : FORMATS) {
            final MapCacheBank smc = new MapCacheBank(1, MapCacheBank.PITON_ENTRIES);
            final SharerDomains domains = new SharerDomains(CORES / 16, CORES, smc);
            for (int d = 0; d < CORES / 16; d++) {
                final int[] members = new int[16];
                for (int i = 0; i < 16; i++) {
                    members[i] = d * 16 + i;
                }
                domains.define(d, members);
            }
            final DirectoryFormat f = DirectoryFormats.create(FormatSpec.parse(id), ENTRIES, domains, smc);
            final BitSet[] truth = new BitSet[ENTRIES];
            final int[] owner = new int[ENTRIES];
            for (int e = 0; e < ENTRIES; e++) {
                truth[e] = new BitSet();
                owner[e] = -1;
            }
            final int[] out = new int[f.maxTargets()];
            for (int op = 0; op < perFormat; op++) {
                final int e = random.nextInt(ENTRIES);
                final int sdid = e & (CORES / 16 - 1);
                final int core = random.nextInt(8) == 0 ? random.nextInt(CORES) : sdid * 16 + random.nextInt(16);
                final int kind = random.nextInt(10);
                if (kind == 0) {
                    f.reset(e);
                    f.setOwner(e, core, sdid);
                    truth[e].clear();
                    owner[e] = core;
                } else if (kind < 6) {
                    if (owner[e] >= 0) {
                        f.reset(e);
                        truth[e].clear();
                        owner[e] = -1;
                    }
                    final int dropped = f.addSharer(e, core, sdid);
                    truth[e].set(core);
                    if (dropped != DirectoryFormat.NONE) {
                        truth[e].clear(dropped); // the protocol invalidates the dropped core's copy
                    }
                } else if (owner[e] < 0) {
                    f.removeSharer(e, core);
                    truth[e].clear(core);
                }
                final int o = f.owner(e);
                tally.compare(owner[e], o, () -> id + " owner of entry " + e);
                if (owner[e] >= 0 || f.isBroadcast(e)) {
                    continue;
                }
                final int n = f.invalidationTargets(e, 0, out);
                final BitSet targets = new BitSet();
                for (int i = 0; i < n; i++) {
                    final int target = out[i];
                    if (target < 0 || target >= CORES) {
                        tally.mismatch(() -> id + " entry " + e + " lists core " + target + ", outside [0, " + CORES
                                + ")");
                    } else {
                        targets.set(target);
                    }
                }
                final BitSet missing = (BitSet) truth[e].clone();
                missing.andNot(targets);
                tally.compare(0, missing.cardinality(), () -> id + " entry " + e + " misses sharers " + missing);
                if (f.isExact(e)) {
                    tally.compare(truth[e].cardinality(), targets.cardinality(),
                            () -> id + " exact entry " + e + " lists extra cores " + targets + " vs " + truth[e]);
                }
            }
        }
        return tally.outcome();
    }
}

package org.scalebench.coherence.energy;

import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The energy of a run, in four parts, each from a constant with its source in the system file:
 *
 * <pre>
 *   network     flit-hops (coherence and memory messages) x energy_flit_hop_pj
 *   directory   directory accesses x (ceil(entry bits / 64) + ceil(ways x tag bits / 64)) 64-bit reads, each
 *               at the read energy of an array the size of one home's directory (sram_table)
 *   leakage     every stored directory bit (entries with tags, plus the Sharer Map Caches) x the table's
 *               leakage per bit at that array size x the run's machine time
 *   dram        DRAM reads and writes x energy_dram_line_pj
 * </pre>
 * A smaller directory (Sharer Restriction) reads cheaper words and leaks less, so storage savings show up
 * as energy. Not counted (the same for every scheme or not modelled): the home slices' data arrays, the
 * private caches, the cores, map-table fetches.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable.
 */
public final class EnergyModel {

    /** Energy of a run, in nanojoules. */
    public record Breakdown(double networkNj, double directoryNj, double leakageNj, double dramNj) {
        /** @return the sum */
        public double totalNj() {
            return networkNj + directoryNj + leakageNj + dramNj;
        }
    }

    /** The largest energy per event a system file may give: 1 mJ (in pJ), far above any link or DRAM access. */
    public static final double MAX_ENERGY_PJ = 1e9;

    private final double flitHopPj;
    private final double dramLinePj;
    private final double clockGhz;
    private final SramTable sram;
    private final String flitHopSource;
    private final String dramLineSource;

    /**
     * The size of a machine's directory as the energy model needs it.
     *
     * @param arrayBytes bytes of one home's directory array (entries with their tags)
     * @param wordsPerAccess 64-bit words one lookup reads (the entry, and the set's tags)
     * @param storedBits directory bits the machine stores (every home's entries with tags, and its Sharer Map Cache)
     */
    public record Directory(double arrayBytes, long wordsPerAccess, long storedBits) {

        /**
         * The directory of a machine.
         *
         * @param storage the storage model
         * @param format the directory format
         * @param cores cores of the machine
         * @param homes home slices
         * @param entriesPerHome directory entries per home
         * @param ways directory ways
         * @return the directory
         */
        public static Directory of(final StorageModel storage, final FormatSpec format, final int cores,
                final int homes, final long entriesPerHome, final int ways) {
            final long entryBits = storage.entryBitsWithTag(format, cores);
            final long perHome = Math.addExact(Math.multiplyExact(entriesPerHome, entryBits),
                    storage.sharerMapCacheBits(format, cores));
            return new Directory(entriesPerHome * (double) entryBits / 8,
                    (storage.bitsPerEntry(format, cores) + 63) / 64 + ((long) ways * storage.tagBits() + 63) / 64,
                    Math.multiplyExact((long) homes, perHome));
        }
    }

    /**
     * Creates a model.
     *
     * @param flitHopPj energy of one flit crossing one link
     * @param flitHopSource where that figure comes from
     * @param sram read energy and leakage by array size
     * @param dramLinePj energy of one 64-byte DRAM access
     * @param dramLineSource where that figure comes from
     * @param clockGhz the clock, to turn cycles into seconds
     */
    public EnergyModel(final double flitHopPj, final String flitHopSource, final SramTable sram,
            final double dramLinePj, final String dramLineSource, final double clockGhz) {
        if (!(flitHopPj >= 0 && flitHopPj <= MAX_ENERGY_PJ && dramLinePj >= 0 && dramLinePj <= MAX_ENERGY_PJ
                && clockGhz > 0) || sram == null) {
            throw new IllegalArgumentException("energy constants must be in [0, " + MAX_ENERGY_PJ
                    + "] pJ, the clock > 0 and an SRAM table given");
        }
        this.flitHopPj = flitHopPj;
        this.flitHopSource = flitHopSource;
        this.sram = sram;
        this.dramLinePj = dramLinePj;
        this.dramLineSource = dramLineSource;
        this.clockGhz = clockGhz;
    }

    /**
     * The energy of a run.
     *
     * @param directory the machine's directory
     * @param flitHops flit-hops of every message
     * @param directoryAccesses directory lookups
     * @param dramAccesses DRAM reads and writes
     * @param machineCycles the run's machine time
     * @return the breakdown
     */
    public Breakdown estimate(final Directory directory, final long flitHops, final long directoryAccesses,
            final long dramAccesses, final long machineCycles) {
        final double directoryPj = directoryAccesses * (double) directory.wordsPerAccess()
                * sram.readPicojoules(directory.arrayBytes());
        final double seconds = machineCycles / (clockGhz * 1e9);
        final double leakageJ = directory.storedBits() * sram.leakageWattsPerBit(directory.arrayBytes()) * seconds;
        return new Breakdown(flitHops * flitHopPj / 1000, directoryPj / 1000, leakageJ * 1e9,
                dramAccesses * dramLinePj / 1000);
    }

    /**
     * The constants and their sources, for a report.
     *
     * @return one line
     */
    public String describe() {
        return String.format(java.util.Locale.ROOT,
                "%s pJ per flit-hop (%s); directory reads and leakage by array size from %s (%s; e.g. %.1f pJ per "
                        + "64-bit read and %.2f nW per bit at 16 KiB); %s pJ per DRAM line (%s)",
                plain(flitHopPj), flitHopSource, sram.name(), sram.source(), sram.readPicojoules(16384),
                sram.leakageWattsPerBit(16384) * 1e9, plain(dramLinePj), dramLineSource);
    }

    private static String plain(final double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

package org.scalebench.coherence.energy;

import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;
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

    /**
     * Creates a model.
     *
     * @param flitHopPj energy of one flit crossing one link
     * @param sram read energy and leakage by array size
     * @param dramLinePj energy of one 64-byte DRAM access
     * @param clockGhz the clock, to turn cycles into seconds
     */
    public EnergyModel(final double flitHopPj, final SramTable sram, final double dramLinePj, final double clockGhz) {
        if (!(flitHopPj >= 0 && dramLinePj >= 0 && clockGhz > 0) || sram == null) {
            throw new IllegalArgumentException("energy constants must be >= 0, the clock > 0 and an SRAM table given");
        }
        this.flitHopPj = flitHopPj;
        this.sram = sram;
        this.dramLinePj = dramLinePj;
        this.clockGhz = clockGhz;
    }

    /**
     * The model of a machine ({@code energy_flit_hop_pj}, {@code sram_table}, {@code energy_dram_line_pj}).
     *
     * @param system the machine
     * @return the model
     */
    public static EnergyModel of(final SystemSpec system) {
        return new EnergyModel(system.table().number("energy_flit_hop_pj", 0, MAX_ENERGY_PJ),
                SramTable.named(system.table().string("sram_table")),
                system.table().number("energy_dram_line_pj", 0, MAX_ENERGY_PJ), system.clockGhz());
    }

    /**
     * Bytes of one home's directory array (entries with their tags).
     *
     * @param system the machine
     * @param format the format
     * @return bytes
     */
    public static double directoryArrayBytes(final SystemSpec system, final FormatSpec format) {
        return system.directoryEntriesPerHome() * (double) system.storageModel().entryBitsWithTag(format, system.cores()) / 8;
    }

    /**
     * Directory bits the machine stores: every home's entries with tags, plus its Sharer Map Cache.
     *
     * @param system the machine
     * @param format the format
     * @return bits
     */
    public static long storedDirectoryBits(final SystemSpec system, final FormatSpec format) {
        final StorageModel storage = system.storageModel();
        final long perHome = Math.addExact(Math.multiplyExact(system.directoryEntriesPerHome(),
                storage.entryBitsWithTag(format, system.cores())), storage.sharerMapCacheBits(format, system.cores()));
        return Math.multiplyExact((long) system.homes(), perHome);
    }

    /**
     * The energy of a run.
     *
     * @param system the machine
     * @param format the directory format
     * @param flitHops flit-hops of every message
     * @param directoryAccesses directory lookups
     * @param dramAccesses DRAM reads and writes
     * @param machineCycles the run's machine time
     * @return the breakdown
     */
    public Breakdown estimate(final SystemSpec system, final FormatSpec format, final long flitHops,
            final long directoryAccesses, final long dramAccesses, final long machineCycles) {
        final StorageModel storage = system.storageModel();
        final double arrayBytes = directoryArrayBytes(system, format);
        final long words = (storage.bitsPerEntry(format, system.cores()) + 63) / 64
                + ((long) system.directoryWays() * storage.tagBits() + 63) / 64;
        final double directoryPj = directoryAccesses * (double) words * sram.readPicojoules(arrayBytes);
        final double seconds = machineCycles / (clockGhz * 1e9);
        final double leakageJ = storedDirectoryBits(system, format) * sram.leakageWattsPerBit(arrayBytes) * seconds;
        return new Breakdown(flitHops * flitHopPj / 1000, directoryPj / 1000, leakageJ * 1e9,
                dramAccesses * dramLinePj / 1000);
    }

    /**
     * The constants and their sources, for a report.
     *
     * @param system the machine
     * @return one line
     */
    public static String describe(final SystemSpec system) {
        final var rows = system.table().rows();
        final SramTable sram = SramTable.named(rows.get("sram_table").value());
        return String.format(java.util.Locale.ROOT,
                "%s pJ per flit-hop (%s); directory reads and leakage by array size from %s (%s; e.g. %.1f pJ per "
                        + "64-bit read and %.2f nW per bit at 16 KiB); %s pJ per DRAM line (%s)",
                rows.get("energy_flit_hop_pj").value(), rows.get("energy_flit_hop_pj").source(), sram.name(),
                sram.source(), sram.readPicojoules(16384), sram.leakageWattsPerBit(16384) * 1e9,
                rows.get("energy_dram_line_pj").value(), rows.get("energy_dram_line_pj").source());
    }
}

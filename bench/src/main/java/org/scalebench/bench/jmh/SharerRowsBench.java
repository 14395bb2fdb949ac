package org.scalebench.bench.jmh;

import org.openjdk.jmh.annotations.Param;

/**
 * Sharer rows at directory scale: a set / clear / walk mix ({@link SharerRowsWorkload}) on 64- and
 * 1024-core sharer sets, from a directory that fits in L1/L2 (4096 rows) to one entry per line of a
 * 64 MiB cache (1,048,576 rows): {@code kernel} ({@link org.scalebench.core.SharerRows}) against
 * {@code bitSet} (a {@link java.util.BitSet} per row) and {@code roaring} (a
 * {@link org.roaringbitmap.RoaringBitmap} per row). Wider rows: {@link SharerRowsWideBench}.
 */
public class SharerRowsBench extends SharerRowsMix {

    /** Directory entries: in cache, and directory-sized. */
    @Param({"4096", "1048576"})
    int rows;

    /** Sharer-set width: a 64-core and a 1024-core machine. */
    @Param({"64", "1024"})
    int bitsPerRow;

    @Override
    int rows() {
        return rows;
    }

    @Override
    int bitsPerRow() {
        return bitsPerRow;
    }
}

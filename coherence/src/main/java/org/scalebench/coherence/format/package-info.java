/**
 * Directory formats behind one interface ({@code DirectoryFormat}): full-map bit vectors, limited pointers that
 * broadcast (Dir_i B) or evict a sharer (Dir_i NB) on overflow, coarse vectors, and CDR's Sharer Restriction
 * ({@code cdr-sr}: a 64-bit logical-sharer vector and the line's SDID, the public sharer moving a line to a
 * broadcast state). Each format keeps its per-entry state in primitive arrays, yields the invalidation targets a
 * hardware directory would (exact or a superset), and allocates nothing per operation.
 */
package org.scalebench.coherence.format;

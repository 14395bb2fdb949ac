/**
 * CDR's domains: sharer domains (SDID, and each member's LSID; logical sharer 63 is the public sharer for cores
 * outside a domain) with their Sharer Map Table, home domains (HDID, LHID, size) with their Home Map Table, and
 * the 16-entry map caches that sit in front of both tables ({@code MapCacheBank}). Set up once per run; the map
 * caches are on the simulator's hot path and allocate nothing.
 */
package org.scalebench.coherence.domain;

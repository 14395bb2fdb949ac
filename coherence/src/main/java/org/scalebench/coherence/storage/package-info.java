/**
 * Directory storage per format and machine size: bits per entry from 16 to 1,048,576 cores, total directory bits,
 * and the share of a cache line. Pure functions of the format, the core count and the number of sharer domains.
 */
package org.scalebench.coherence.storage;

/**
 * Home mapping: the global interleave of lines over every home slice, OpenPiton's home encoder (six address bits
 * by one of four selections, then a mask and a fold onto the domain's homes, its skew included) and an exact
 * multiply-shift alternative, one access or a batch. Stateless or immutable after construction; allocation-free.
 */
package org.scalebench.coherence.home;

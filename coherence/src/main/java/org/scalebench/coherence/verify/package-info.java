/**
 * Checking the protocol: a random tester that runs accesses on tiny caches and checks single-writer /
 * multiple-reader, that every load sees the latest store and that the directory covers every copy, and an
 * exhaustive explorer of every reachable state of small machines. Both are shown to find planted bugs.
 */
package org.scalebench.coherence.verify;

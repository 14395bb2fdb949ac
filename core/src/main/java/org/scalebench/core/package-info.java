/**
 * Domain-neutral, allocation-free kernels for simulators of large systems: hashing and range reduction,
 * sharer bit rows, line-address tables, set-associative tag arrays, small fully-associative caches and
 * topology distance. Every hot-path method works on primitive arrays sized at construction, validates its
 * configuration once, and allocates nothing afterwards. Classes are not thread-safe unless they say so.
 */
package org.scalebench.core;

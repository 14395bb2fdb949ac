/**
 * Model profiles: what a projection needs to know about a network and its dataset — parameters and gradient
 * bytes, samples per epoch, measured single-device step time against batch, epochs to converge against global
 * batch, and how its model-parallel speedup is obtained. Built-in Inception-V3, GNMT and BigLSTM, and user
 * profiles, read from CSV files in which every number carries its source.
 */
package org.scalebench.training.model;

/**
 * Statistical efficiency: how many epochs training needs to reach its target accuracy as a function of the
 * global batch. The McCandlish et al. (2018) hyperbola {@code E(B) = E_min (1 + B / B_crit)} and log-log
 * interpolation of measured points. Evaluation allocates nothing.
 */
package org.scalebench.training.efficiency;

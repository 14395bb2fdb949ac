/**
 * The projector against published training throughput: the scaling corpus ({@link
 * org.scalebench.training.validation.ScalingCorpus}, one measured multi-GPU throughput per row with its source, split
 * into calibration and validation rows in the file) and its validation ({@link
 * org.scalebench.training.validation.CorpusValidation}: three constants per model family fitted on the calibration
 * rows, errors reported on the validation rows).
 */
package org.scalebench.training.validation;

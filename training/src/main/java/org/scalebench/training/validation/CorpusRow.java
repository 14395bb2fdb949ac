package org.scalebench.training.validation;

import org.scalebench.training.projection.OptimizerSharding;

/**
 * One measurement of the scaling corpus ({@code scaling-corpus.csv}), as written in the file.
 *
 * @param id the row's name, unique in the file
 * @param line the physical line of the file it was read from
 * @param family the model family its error is grouped and its constants fitted under
 * @param model the model ({@code scaling-models.csv})
 * @param precision {@code fp32} or {@code mixed}
 * @param cluster the cluster's name
 * @param gpus GPUs, at least 1
 * @param batch per-GPU samples per micro-step, positive
 * @param accumulation micro-steps per all-reduce, or 0 where the source does not state it
 * @param overlap true if the framework all-reduces buckets during the backward pass
 * @param bucketBytes the framework's gradient bucket, bytes (0: one all-reduce)
 * @param gradientBytesPerParameter the width of the gradients all-reduced
 * @param measured total throughput, in {@code unit}
 * @param unit the throughput's unit
 * @param reference the id of the row it is compared with, or empty for a reference row
 * @param calibration true for a calibration row, false for a validation row
 * @param notModelled why the step model cannot express the row's configuration, or empty
 * @param source where the measurement comes from
 * @param optimizer where the run kept its optimizer state (how it exchanged gradients for it)
 */
public record CorpusRow(String id, int line, String family, String model, String precision, String cluster, int gpus,
        double batch, int accumulation, boolean overlap, long bucketBytes, double gradientBytesPerParameter,
        double measured, String unit, String reference, boolean calibration, String notModelled,
        String source, OptimizerSharding optimizer) {

    /**
     * Whether the row is compared with a reference (a reference row is not).
     *
     * @return true if it has a reference
     */
    public boolean compared() {
        return !reference.isEmpty();
    }

    /**
     * The split as written.
     *
     * @return {@code calibration} or {@code validation}
     */
    public String split() {
        return calibration ? "calibration" : "validation";
    }
}

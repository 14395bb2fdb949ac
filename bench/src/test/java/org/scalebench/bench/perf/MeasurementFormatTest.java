package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MeasurementFormatTest {

    @Test
    void timesKeepThreeSignificantDigits() {
        assertEquals("0.559", MeasurementFormat.nanos(0.5594));
        assertEquals("2.88", MeasurementFormat.nanos(2.8812));
        assertEquals("28.8", MeasurementFormat.nanos(28.812));
        assertEquals("1234", MeasurementFormat.nanos(1234.4));
        assertEquals("NaN", MeasurementFormat.nanos(Double.NaN));
    }

    @Test
    void allocationShowsExactZeroAndTinyResidues() {
        assertEquals("0", MeasurementFormat.bytes(0));
        assertEquals("6.10e-05", MeasurementFormat.bytes(0.000061));
        assertEquals("24.0", MeasurementFormat.bytes(24));
        assertEquals("1040", MeasurementFormat.bytes(1040.2));
        assertEquals("NaN", MeasurementFormat.bytes(Double.NaN));
    }

    @Test
    void csvNumbersArePlainDecimals() {
        assertEquals("1.06123", MeasurementFormat.plain(1.061234));
        assertEquals("0.0000610234", MeasurementFormat.plain(0.00006102341));
        assertEquals("0.01", MeasurementFormat.plain(0.01));
        assertEquals("2", MeasurementFormat.plain(2.0));
        assertEquals("0", MeasurementFormat.plain(0));
        assertEquals("NaN", MeasurementFormat.plain(Double.NaN));
        assertEquals("2.667", MeasurementFormat.plainRatio(2.6667));
        assertEquals("2.67x", MeasurementFormat.ratio(2.6667));
    }
}

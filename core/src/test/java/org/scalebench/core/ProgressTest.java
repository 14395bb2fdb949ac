package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void aStepFillsItsShareOfTheWholeTaskAndNeverPassesIt() {
        final List<long[]> seen = new ArrayList<>();
        final Progress step = Progress.step((done, total) -> seen.add(new long[] {done, total}), 100, 50, 200);
        step.update(5, 10);   // half of the step: half of its 50 units after the first 100
        step.update(20, 10);  // more than the step's total counts as the whole step
        step.update(3, 0);    // a step of unknown size shows where it starts
        assertEquals(List.of(List.of(125L, 200L), List.of(150L, 200L), List.of(100L, 200L)),
                seen.stream().map(pair -> List.of(pair[0], pair[1])).toList());
        Progress.NONE.update(1, 2);
    }
}

package org.scalebench.bench.report;

/**
 * One claim of a paper beside what scalebench's model gives for it. All fields are text as shown in the report
 * (numbers with their units); nothing is tuned to close the gap. Immutable.
 *
 * @param claim what is claimed, e.g. {@code hybrid speedup over DP at scale, Inception-V3}
 * @param paper the paper's number, e.g. {@code >= 26.5%}
 * @param scalebench scalebench's number, e.g. {@code 31.2%}
 * @param gap how far apart they are, e.g. {@code +4.7 points} or {@code within claim}
 */
public record Claim(String claim, String paper, String scalebench, String gap) {
}

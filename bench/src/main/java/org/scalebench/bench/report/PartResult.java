package org.scalebench.bench.report;

import java.util.List;

/**
 * What one reproduction part contributes to the report. Immutable.
 *
 * @param markdown the part's own report sections (Markdown; headings from level 3 down), may be empty
 * @param claims the paper's claims beside scalebench's numbers, shown as the part's table
 * @param files the files the part wrote, relative to the report directory (CSV, PNG), linked from the report
 */
public record PartResult(String markdown, List<Claim> claims, List<String> files) {

    /**
     * Copies the lists.
     *
     * @param markdown the part's own report sections
     * @param claims the claims
     * @param files the files written, relative to the report directory
     */
    public PartResult {
        claims = List.copyOf(claims);
        files = List.copyOf(files);
    }
}

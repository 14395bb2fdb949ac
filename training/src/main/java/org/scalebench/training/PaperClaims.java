package org.scalebench.training;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.scalebench.core.data.DataTable;

/**
 * The claims being reproduced: for Inception-V3, GNMT and BigLSTM, Pal et al. (IEEE Micro 2019) project that
 * hybrid training beats what data parallelism alone achieves at scale by at least 26.5%, 8% and 22%. Read from
 * {@code paper-claims.csv} with the source of each number. Immutable.
 */
public final class PaperClaims {

    private static final String RESOURCE = "/org/scalebench/training/paper-claims.csv";

    /**
     * One claim.
     *
     * @param model the model's profile name
     * @param atLeastPercent the claimed lower bound on the hybrid speedup over DP at scale, in percent
     * @param source where the number comes from
     */
    public record Claim(String model, double atLeastPercent, String source) {
    }

    private PaperClaims() {
    }

    /**
     * Every claim, in file order.
     *
     * @return the claims
     */
    public static List<Claim> all() {
        final DataTable table = DataTable.resource(PaperClaims.class, RESOURCE);
        table.requireColumns("model", "at_least_percent", "source");
        final List<Claim> claims = new ArrayList<>();
        for (final DataTable.Row row : table.rows()) {
            claims.add(new Claim(row.require("model").toLowerCase(Locale.ROOT), row.number("at_least_percent"),
                    row.require("source")));
        }
        return Collections.unmodifiableList(claims);
    }
}

package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and captures its output, for tests. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(final String... args) {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int code = Scalebench.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Number of non-empty lines on standard error. */
    long errLines() {
        return err.lines().filter(l -> !l.isBlank()).count();
    }
}

package io.github.fabrictck.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code matrix} goal's table: one driver a line, the windows it runs and what it must show. A known-broken
 * driver and the window it must FAIL, a compliant design and the windows it must pass, written once, in one file,
 * instead of an execution each in the POM.
 *
 * <pre>
 * # driver            windows   expect
 * broken-cq-1         CQ-1      FAIL
 * sample-event-loop   CQ-7      PASS
 * zoo-cq-monitor      *         PASS
 * disni               *         FAIL CQ-5,CQ-6,CQ-8,CS-3
 * </pre>
 *
 * <p>{@code windows} is a comma list of window ids or families ({@code fabric-tck.windows}), or {@code *} for the
 * whole catalog. {@code expect} is {@code PASS} (no FAIL and no ERROR; the whole catalog must also certify),
 * {@code FAIL} (each selected window FAILs in at least one variant and is an ERROR in none: {@code fabric-tck.expectFail}
 * set to the windows), or {@code FAIL} followed by the ids that must FAIL. A {@code #} starts a comment.
 *
 * @param rows the table's rows, in the file's order
 */
record Matrix(List<Row> rows) {

    /** Where the goal reads its table unless told otherwise, relative to the module. */
    static final String DEFAULT_FILE = "src/test/fabric-tck/matrix.txt";

    /**
     * One line of the table.
     *
     * @param line       its line number, for messages
     * @param driver     the driver's name
     * @param windows    the selection ({@code fabric-tck.windows}), {@code null} for the whole catalog
     * @param expectFail the windows that must FAIL ({@code fabric-tck.expectFail}), {@code null} when it must pass
     */
    record Row(int line, String driver, String windows, String expectFail) {

        /** {@code broken-cq-1 CQ-1 FAIL}, as written. */
        String describe() {
            return driver + " " + (windows == null ? "*" : windows) + " " + (expectFail == null ? "PASS"
                    : expectFail.equals(windows) ? "FAIL" : "FAIL " + expectFail);
        }
    }

    /** Reads the table, or throws with one sentence naming the file, the line and what is wrong. */
    static Matrix read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("The Fabric TCK matrix " + file + " does not exist: write one line per driver "
                    + "(\"broken-cq-1 CQ-1 FAIL\", \"sample * PASS\"), or name another file with -Dfabric-tck.matrix=FILE.");
        }
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses the table's lines; {@code name} is the file's name in messages. */
    static Matrix parse(List<String> lines, String name) throws IOException {
        List<Row> rows = new ArrayList<>();
        Set<String> drivers = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String[] cells = (hash < 0 ? line : line.substring(0, hash)).strip().split("\\s+");
            if (cells.length == 1 && cells[0].isEmpty()) {
                continue;
            }
            String where = name + " line " + (i + 1);
            if (cells.length < 3 || cells.length > 4) {
                throw new IOException(where + " has " + cells.length + (cells.length == 1 ? " cell" : " cells")
                        + ", not \"driver windows PASS\" or \"driver windows FAIL [ids]\": " + line.strip());
            }
            String driver = cells[0];
            if (!drivers.add(driver)) {
                throw new IOException(where + " names driver " + driver + " a second time: one line per driver.");
            }
            String windows = cells[1].equals("*") ? null : cells[1];
            String expect = cells[2];
            String expectFail;
            if (expect.equals("PASS") && cells.length == 3) {
                expectFail = null;
            } else if (expect.equals("FAIL")) {
                expectFail = cells.length == 4 ? cells[3] : windows;
                if (expectFail == null) {
                    throw new IOException(where + " expects " + driver + " to FAIL the whole catalog: name the ids "
                            + "that must FAIL (\"" + driver + " * FAIL CQ-1,CQ-2\").");
                }
            } else {
                throw new IOException(where + " expects \"" + String.join(" ", List.of(cells).subList(2, cells.length))
                        + "\", not PASS or FAIL [ids]: " + line.strip());
            }
            rows.add(new Row(i + 1, driver, windows, expectFail));
        }
        if (rows.isEmpty()) {
            throw new IOException("The Fabric TCK matrix " + name + " has no row: write one line per driver.");
        }
        return new Matrix(List.copyOf(rows));
    }
}
